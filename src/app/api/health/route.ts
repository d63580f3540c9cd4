import { databaseUnavailableResponse, json } from '@/lib/server/http'
import { databaseReachable } from '@/lib/server/payload'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  if (await databaseReachable()) return json({ ok: true })
  return databaseUnavailableResponse({ ok: false, error: 'Database unavailable' })
}
