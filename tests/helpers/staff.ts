import { adminToken, baseURL } from './api'
import { firstStaffLogin } from './first-staff'

export { firstStaffLogin }

let cached: Promise<string> | undefined

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
