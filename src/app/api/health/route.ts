import { databaseUnavailableResponse, json } from '@/platform/http/http'
import { databaseReachable } from '@/cms/payload'
import { startedUp, startUpHint } from '@/boot/start-up'
import { degradedNote } from '@/boot/supervision'
import { feedState, feedTrouble } from '@/platform/db/change-feed'

export const dynamic = 'force-dynamic'

/**
 * Ready for shoppers: the database answers and start-up (migrations, the demo seed) is done.
 * Servers restarting after crashes, or a change feed that only polls, are `degraded`, still a
 * 200: this process answers rightly, so a load balancer should keep sending it traffic. A
 * database the shop cannot use as configured (a transaction pooler in DATABASE_URL alone) says
 * what to change in `hint`.
 */
export async function GET(): Promise<Response> {
  const hint = startUpHint()
  const unavailable = (error: string) =>
    databaseUnavailableResponse({ ok: false, error, ...(hint ? { hint } : {}) })
  if (!(await databaseReachable())) return unavailable('Database unavailable')
  if (!startedUp()) return unavailable(hint ? 'Database unavailable' : 'Starting up')
  const trouble = feedTrouble()
  const degraded = [degradedNote(), trouble].filter(Boolean).join(' ')
  return json({
    ok: true,
    ...(trouble ? { changeFeed: feedState() } : {}),
    ...(degraded ? { degraded } : {}),
  })
}
