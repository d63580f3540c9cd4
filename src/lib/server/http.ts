import { AppError, TooManyRequests } from '@/lib/errors'

/** Set by scripts/server.ts on every request, overwriting whatever the client sent. */
export const CLIENT_IP_HEADER = 'x-kc-client-ip'

/** Headers of the cached public GETs, here and in the server's fast path. */
export const CACHED_JSON_HEADERS = {
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
    if (error instanceof TooManyRequests) headers['retry-after'] = String(error.retryAfterSeconds)
    return json({ error: error.message, ...error.details }, { status: error.status, headers })
  }
  console.error('Unexpected error while handling a request', error)
  return json({ error: 'Something went wrong on our side. Please try again.' }, { status: 500 })
}

/** Runs a handler and maps whatever it throws. */
export function handle<A extends unknown[]>(
  fn: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    try {
      return await fn(...args)
    } catch (error) {
      return errorResponse(error)
    }
  }
}
