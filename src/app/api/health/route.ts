import { DATABASE_RETRY_AFTER_SECONDS, json } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  try {
    const payload = await getShop()
    await payload.db.pool.query('SELECT 1')
    return json({ ok: true })
  } catch (error) {
    console.error('Health check failed', error)
    return json(
      { ok: false, error: 'Database unavailable' },
      { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } },
    )
  }
}
