/**
 * No request waits for ever on the database: a pool checkout gives up after 10 s, a statement
 * after 60 s (a 200,000-row import's one upsert included), a wait for a row lock after 20 s, and
 * a transaction left idle is ended after 60 s so its locks cannot stall orders. Each ends in a
 * 503 with Retry-After (src/platform/http/http.ts), nothing changed.
 */
export const POOL_LIMITS = {
  connectionTimeoutMillis: 10_000,
  statement_timeout: 60_000,
  lock_timeout: 20_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
} as const
