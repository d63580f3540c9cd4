import { databaseUnavailableResponse, json } from '@/platform/http/http'
import { databaseReachable } from '@/cms/payload'
import { startedUp } from '@/boot/start-up'

export const dynamic = 'force-dynamic'

/** Ready for shoppers: the database answers and start-up (migrations, the demo seed) is done. */
export async function GET(): Promise<Response> {
  if (!(await databaseReachable())) {
    return databaseUnavailableResponse({ ok: false, error: 'Database unavailable' })
  }
  if (!startedUp()) return databaseUnavailableResponse({ ok: false, error: 'Starting up' })
  return json({ ok: true })
}
