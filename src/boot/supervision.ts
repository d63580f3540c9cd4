/**
 * What the launcher (the cluster's primary, scripts/start.mjs) tells each server process over
 * the cluster's IPC channel: when the shop's servers restarted after a crash. The health check
 * reports a crash loop as degraded, not as an outage, so a load balancer keeps sending traffic
 * to the processes that are up.
 */

const WINDOW_MS = 60_000
/** The launcher restarts a server at most once a second per process: this is plenty. */
const MAX_KEPT = 4096

/** Route handlers are bundled apart from scripts/server.ts: the state lives on globalThis. */
const state = ((
  globalThis as unknown as { __kcSupervision?: { restarts: number[] } }
).__kcSupervision ??= { restarts: [] })

/**
 * Keeps the restart times the launcher sends; called once by scripts/server.ts, first thing.
 * A message sent before anything listens is lost, so this asks for the times it missed.
 */
export function listenToSupervisor(): void {
  process.on('message', (message: unknown) => {
    const restarts = restartTimes(message)
    if (restarts) state.restarts = restarts
  })
  process.send?.({ type: 'restarts?' })
}

function restartTimes(message: unknown): number[] | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, restarts } = message as { type?: unknown; restarts?: unknown }
  if (type !== 'restarts' || !Array.isArray(restarts)) return undefined
  return restarts.slice(-MAX_KEPT).filter((t): t is number => Number.isFinite(t))
}

/**
 * Started up (migrated, seeded, listening to the change feed): the launcher counts this server
 * as started rather than as a failed start, and starts the others after the first.
 */
export function tellSupervisorReady(): void {
  process.send?.({ type: 'ready' })
}

/** How many times a server process of this shop was restarted after a crash in the last minute. */
export function restartsInLastMinute(now = Date.now()): number {
  return state.restarts.filter((at) => at > now - WINDOW_MS).length
}

/** The health check's note while servers are crashing, or undefined when none did lately. */
export function degradedNote(now = Date.now()): string | undefined {
  const count = restartsInLastMinute(now)
  if (count === 0) return undefined
  return `The shop's server restarted ${count} ${count === 1 ? 'time' : 'times'} in the last minute`
}
