import { adminToken, baseURL } from './api'

let cached: Promise<string> | undefined

/**
 * Makes the first /cms account on the shop at `base` with the owner token (an admin: later
 * calls find it made) and logs it in; returns its JWT.
 */
export async function firstStaffLogin(base: string, ownerToken: string): Promise<string> {
  const credentials = { email: 'owner@example.co.za', password: 'test-password-123' }
  await fetch(`${base}/cms/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': ownerToken },
    body: JSON.stringify({ ...credentials, 'confirm-password': credentials.password }),
  })
  const res = await fetch(`${base}/cms/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  const { token } = (await res.json()) as { token?: string }
  if (!token) throw new Error(`Staff login failed: ${res.status}`)
  return token
}

/** A Payload staff login (the first user, an admin) for the shared test server. */
export function staffToken(): Promise<string> {
  cached ??= firstStaffLogin(baseURL(), adminToken())
  return cached
}

export async function cms(method: string, pathname: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `JWT ${await staffToken()}` }
  if (!(body instanceof FormData)) headers['content-type'] = 'application/json'
  return fetch(`${baseURL()}/cms/api${pathname}`, {
    method,
    headers,
    body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
  })
}
