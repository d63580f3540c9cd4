import { AppError, ServiceBusy, TooManyRequests } from '@/shared/errors'
import { actingAs, wayOfRequest } from '@/platform/db/actor'

/** Headers of JSON answers: public reads, and those the server writes itself. */
export const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const

/** For files whose name changes with their content: build chunks and uploaded media. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable'

/** JSON with the headers every /api answer carries. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store')
  return new Response(JSON.stringify(body), { ...init, headers })
}

/** The one place an error becomes a status: known errors say what went wrong, others log. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {}
    if (error instanceof TooManyRequests || error instanceof ServiceBusy) {
      headers['retry-after'] = String(error.retryAfterSeconds)
    }
    return json({ error: error.message, ...error.details }, { status: error.status, headers })
  }
  const refused = payloadValidationError(error)
  if (refused) return json(refused.body, { status: refused.status })
  if (isDatabaseUnavailable(error)) {
    console.error('The database is unavailable:', (error as Error).message)
    return databaseUnavailableResponse()
  }
  console.error('Unexpected error while handling a request', error)
  return json({ error: 'Something went wrong on our side. Please try again.' }, { status: 500 })
}

/**
 * A Payload ValidationError from a Local API write (a collection's rule, the same as /cms
 * shows on the field): its first message, the field, and what else it carries (a stock that
 * moved says what it is now).
 */
function payloadValidationError(
  error: unknown,
): { status: number; body: Record<string, unknown> } | undefined {
  const { name, status, data } = (error ?? {}) as {
    name?: unknown
    status?: unknown
    data?: { errors?: { path?: string; message?: string }[] } & Record<string, unknown>
  }
  const first = data?.errors?.[0]
  if (name !== 'ValidationError' || !first) return undefined
  const { errors: _errors, collection: _collection, id: _id, ...extra } = data
  return {
    status: typeof status === 'number' && status >= 400 && status < 500 ? status : 400,
    body: { error: first.message ?? 'Invalid value', field: first.path, ...extra },
  }
}

export const DATABASE_RETRY_AFTER_SECONDS = 5

/** The answer to any request made while the database cannot be reached: nothing was changed. */
export function databaseUnavailableResponse(
  body: Record<string, unknown> = {
    error: "The shop's database is not available right now. Please try again in a moment.",
  },
): Response {
  return json(body, {
    status: 503,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  })
}

/**
 * SQLSTATE classes and socket errors that mean "the server is away or too busy now", not "the
 * query is wrong": a statement or lock wait that ran out of time (57014, 55P03) is worth a retry,
 * and so is every "insufficient resources" state (class 53: a full disk, out of memory, too many
 * connections), which changed nothing.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57014',
  '55P03',
])
const UNAVAILABLE_CLASSES = /^(08|53|57P)/
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|cannot connect to Postgres|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i

/**
 * True when `error` (or what it wraps: Payload and drizzle wrap the driver's error) says the
 * database could not be reached, as while it restarts. Such a request changed nothing and is
 * worth retrying, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.test(code)))
      return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
    e = cause
  }
  return false
}

/** Runs a handler and maps whatever it throws. */
export function handle<A extends unknown[]>(
  fn: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    // The request's scope for the audit log: its way in now, who once the request proves it.
    const [request] = args
    const way = request instanceof Request ? wayOfRequest(request) : 'api'
    return actingAs({ way }, async () => {
      try {
        return await fn(...args)
      } catch (error) {
        return errorResponse(error)
      }
    })
  }
}

/**
 * A printable document (an invoice, a credit note) as a whole HTML page. Nothing in it runs or
 * loads, so a stray tag in a name could not either.
 */
export function printableDocument(html: string): Response {
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    },
  })
}
