import { databaseUnavailableResponse, json } from '@/platform/http/http'
import { databaseReachable } from '@/cms/payload'
import { startedUp } from '@/boot/start-up'
import { degradedNote } from '@/boot/supervision'

export const dynamic = 'force-dynamic'

/**
 * Ready for shoppers: the database answers and start-up (migrations, the demo seed) is done.
 * Servers restarting after crashes are `degraded`, still a 200: this process answers, so a load
 * balancer should keep sending it traffic.
 */
export async function GET(): Promise<Response> {
  if (!(await databaseReachable())) {
    return databaseUnavailableResponse({ ok: false, error: 'Database unavailable' })
  }
  if (!startedUp()) return databaseUnavailableResponse({ ok: false, error: 'Starting up' })
  const degraded = degradedNote()
  return json(degraded ? { ok: true, degraded } : { ok: true })
}
