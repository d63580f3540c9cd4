import { storedAdminKey } from './admin-key'

/** Browser side of the owner's calls: the key from localStorage, and the spec's error rules. */
export const ADMIN_AUTH_REQUIRED_EVENT = 'admin-auth-required'

/**
 * Sends the stored key in x-admin-key, JSON for non-form bodies unless the caller says what the
 * body is (a CSV file), no caching. A 401 raises the admin-auth-required event and fails with
 * "Unauthorized"; any other failure's message is the status, a colon and the body text (or the
 * status text).
 */
export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const key = storedAdminKey()
  if (key) headers.set('x-admin-key', key)
  if (init.body && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json')
  }
  headers.set('cache-control', 'no-cache')
  headers.set('pragma', 'no-cache')
  const res = await fetch(path, { ...init, headers, credentials: 'include', cache: 'no-store' })
  if (res.status === 401) {
    window.dispatchEvent(new Event(ADMIN_AUTH_REQUIRED_EVENT))
    throw new Error('Unauthorized')
  }
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
  return res
}

/** Asks whether `key` is the owner's (204) or not, before it is stored. */
export function checkAdminKey(key: string): Promise<Response> {
  return fetch('/api/admin/session', { headers: { 'x-admin-key': key }, cache: 'no-store' })
}

/** The readable part of a failed call's message (the server's `error`, when it sent JSON). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const body = error.message.replace(/^\d{3}: /, '')
  try {
    const parsed = JSON.parse(body) as { error?: unknown }
    return typeof parsed.error === 'string' ? parsed.error : body
  } catch {
    return body || undefined
  }
}

/** The JSON body of a failed call (what the server said besides `error`), when it sent one. */
export function serverDetails(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined
  try {
    const parsed = JSON.parse(error.message.replace(/^\d{3}: /, '')) as unknown
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
