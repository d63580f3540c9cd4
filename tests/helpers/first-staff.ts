/** The first /cms account of a test shop: an admin, made with the owner token. */
export const STAFF = { email: 'owner@example.co.za', password: 'test-password-123' }

/**
 * Makes the first /cms account on the shop at `base` with the owner token (later calls find it
 * made) and logs it in; returns its JWT.
 */
export async function firstStaffLogin(base: string, ownerToken: string): Promise<string> {
  await fetch(`${base}/cms/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': ownerToken },
    body: JSON.stringify({ ...STAFF, 'confirm-password': STAFF.password }),
  })
  const res = await fetch(`${base}/cms/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  })
  const { token } = (await res.json()) as { token?: string }
  if (!token) throw new Error(`Staff login failed: ${res.status}`)
  return token
}
