const POOLER =
  'DATABASE_URL looks like a transaction pooler (PgBouncer, a hosted "pooled" URL): keep it there and set DATABASE_DIRECT_URL to the database\'s direct connection (README: "Pooled databases").'

/**
 * The pool's own connections came back without the limits they ask for: a pooler that ignores
 * startup parameters (PgBouncer's ignore_startup_parameters) dropped them, and the shop would
 * run with no lock or statement timeouts, its advisory locks and LISTEN through it too.
 */
export class LimitsDropped extends Error {
  constructor(lockTimeout: string) {
    super(
      `The database connection dropped the shop's settings (lock_timeout is ${lockTimeout}, not 20 s). ${POOLER}`,
    )
    this.name = 'LimitsDropped'
  }
}

/**
 * What an operator should do when connecting failed for a reason of configuration rather than
 * an outage, if `error` (or what it wraps) says one; for the health check and the log.
 */
export function connectionHint(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof LimitsDropped) return e.message
    const { message, cause } = e as { message?: unknown; cause?: unknown }
    const refused =
      typeof message === 'string' && /unsupported startup parameter[^\n]*/i.exec(message)
    if (refused)
      return `The database refused the connection's startup parameters (${refused[0]}). ${POOLER}`
    e = cause
  }
  return undefined
}
