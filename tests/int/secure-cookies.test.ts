import { createHmac, randomBytes, randomInt } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ensureDatabase } from '../../scripts/lib/embedded-postgres'
import { postJson } from '../helpers/api'
import { admin } from '../helpers/admin'
import { STAFF } from '../helpers/first-staff'
import { launchShop, tempDataDir, type LaunchedShop } from '../helpers/launch'

/*
 * Every cookie the shop sets is Secure when the client reached it over https, as PUBLIC_URL or
 * the trusted proxies say: the client's own entry of X-Forwarded-Proto, TRUST_PROXY places from
 * the right, read as X-Forwarded-For is. A shop behind two proxies (a TLS front, then one that
 * appends the scheme it was reached by: `https, http`) on a database of its own, so its /cms has
 * no staff yet and its PAYLOAD_SECRET is known; the shared test shop is behind one.
 */

const PAYLOAD_SECRET = randomBytes(24).toString('hex')
const OWNER = `owner-${randomBytes(12).toString('hex')}`
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const database = `kc_secure_${randomBytes(4).toString('hex')}`
let shop: LaunchedShop

beforeAll(async () => {
  let databaseUrl: string | undefined
  if (serverUrl) {
    await ensureDatabase(serverUrl, database)
    const url = new URL(serverUrl)
    url.pathname = `/${database}`
    databaseUrl = url.toString()
  }
  shop = await launchShop({
    dataDir: tempDataDir('kc-secure-'),
    databaseUrl,
    adminToken: OWNER,
    env: { PAYLOAD_SECRET, TRUST_PROXY: '2', SERVER_PROCESSES: '1' },
  })
}, 240_000)

afterAll(async () => {
  await shop?.stop()
  if (!serverUrl) return
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await client.end()
})

const HTTPS_BEHIND_TWO = { 'x-forwarded-proto': 'https, http' }
/** The client wrote `http` itself; the trusted proxies say https. */
const CLIENT_SAYS_HTTP = { 'x-forwarded-proto': 'http, https, https' }
/** The client wrote `https`; the two proxies were reached over plain http. */
const CLIENT_SAYS_HTTPS = { 'x-forwarded-proto': 'https, http, http' }

const call = (
  path: string,
  init: { method?: string; headers?: Record<string, string> } & { body?: BodyInit },
) => fetch(`${shop.baseURL}${path}`, { redirect: 'manual', method: 'POST', ...init })

/** The Set-Cookie of `name` an answer carries. */
function cookieOf(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
  expect(
    cookie,
    `${name} in ${res.status} ${JSON.stringify(res.headers.getSetCookie())}`,
  ).toBeDefined()
  return cookie!
}
const isSecure = (cookie: string) => cookie.split(';').some((a) => a.trim() === 'Secure')

/** A buyer on the second shop with a password: their phone. */
async function buyerOnShop(
  proto: Record<string, string>,
): Promise<{ phone: string; link: string }> {
  const owner = { 'x-admin-key': OWNER, 'content-type': 'application/json' }
  const phone = `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
  const made = await call('/api/admin/accounts', {
    headers: owner,
    body: JSON.stringify({ businessName: 'Secure Spaza', contactName: 'Thandi', phone }),
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const setup = await call(`/api/admin/accounts/${id}/setup-link`, {
    headers: { ...owner, ...proto },
  })
  const { link } = (await setup.json()) as { link: string }
  const token = new URL(link).searchParams.get('token')!
  const set = await call('/api/account/password', {
    headers: { 'content-type': 'application/json', ...proto },
    body: JSON.stringify({ token, password: 'secure-spaza-1' }),
  })
  expect(set.status).toBe(200)
  expect(isSecure(cookieOf(set, 'kc_buyer'))).toBe(Object.keys(proto).length > 0)
  return { phone, link }
}

const signIn = (phone: string, headers: Record<string, string>) =>
  call('/api/account/sign-in', {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ phone, password: 'secure-spaza-1' }),
  })

/** The first-account pass as the shop makes it, for a given end of its hour (epoch seconds). */
function passUntil(expiresAt: number): string {
  const mac = createHmac('sha256', PAYLOAD_SECRET)
    .update(`first /cms account until ${expiresAt}`)
    .digest('base64url')
  return `${expiresAt}.${mac}`
}

const register = (cookie: string) =>
  call('/cms/api/users/first-register', {
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ...STAFF, 'confirm-password': STAFF.password }),
  })

describe('behind two proxies, `X-Forwarded-Proto: https, http`', () => {
  it("makes the buyer's sign-in cookie Secure, and the links it gives https", async () => {
    const { phone, link } = await buyerOnShop(HTTPS_BEHIND_TWO)
    expect(link).toMatch(/^https:\/\//)
    const res = await signIn(phone, HTTPS_BEHIND_TWO)
    expect(res.status).toBe(200)
    expect(isSecure(cookieOf(res, 'kc_buyer'))).toBe(true)
    const out = await call('/api/account/sign-out', {
      headers: { ...HTTPS_BEHIND_TWO, cookie: cookieOf(res, 'kc_buyer').split(';')[0]! },
    })
    expect(out.status).toBe(204)
    expect(isSecure(cookieOf(out, 'kc_buyer'))).toBe(true)
  })

  it('and not over plain http, nor when only the client says https', async () => {
    const { phone, link } = await buyerOnShop({})
    expect(link).toMatch(/^http:\/\//)
    for (const headers of [{}, CLIENT_SAYS_HTTPS]) {
      const res = await signIn(phone, headers)
      expect(res.status).toBe(200)
      expect(isSecure(cookieOf(res, 'kc_buyer')), JSON.stringify(headers)).toBe(false)
    }
    const res = await signIn(phone, CLIENT_SAYS_HTTP)
    expect(isSecure(cookieOf(res, 'kc_buyer'))).toBe(true)
  })

  it('makes the /cms/setup pass Secure, a pass past its hour is refused, and the /cms login is Secure', async () => {
    const setup = (headers: Record<string, string>) =>
      call('/cms/setup', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: `token=${encodeURIComponent(OWNER)}`,
      })
    const overHttps = await setup(HTTPS_BEHIND_TWO)
    expect(overHttps.status).toBe(303)
    const pass = cookieOf(overHttps, 'kc-first-account')
    expect(isSecure(pass)).toBe(true)
    expect(pass).toMatch(/Max-Age=3600/)
    expect(isSecure(cookieOf(await setup({}), 'kc-first-account'))).toBe(false)

    // A copy of the cookie past its hour, or with its hour moved on, makes no account.
    const now = Math.floor(Date.now() / 1000)
    const [issuedUntil, mac] = pass.split(';')[0]!.split('=')[1]!.split('.')
    // Its own MAC with its hour moved on (from the hour it was made for, not from now: the two
    // are the same second more often than not).
    const movedOn = `${Number(issuedUntil) + 3600}.${mac}`
    for (const stale of [passUntil(now - 1), movedOn]) {
      const refused = await register(`kc-first-account=${stale}`)
      expect(refused.status).toBe(403)
      expect(JSON.stringify(await refused.json())).toMatch(/\/cms\/setup/)
    }
    // The same MAC for an hour not yet run out: the refusal was the hour's.
    expect((await register(`kc-first-account=${passUntil(now + 60)}`)).status).toBe(200)

    const login = (headers: Record<string, string>) =>
      call('/cms/api/users/login', {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(STAFF),
      })
    const secure = await login(HTTPS_BEHIND_TWO)
    expect(secure.status).toBe(200)
    expect(isSecure(cookieOf(secure, 'payload-token'))).toBe(true)
    const plain = await login({})
    expect(plain.status).toBe(200)
    expect(isSecure(cookieOf(plain, 'payload-token'))).toBe(false)
    const logout = await call('/cms/api/users/logout', {
      headers: { ...HTTPS_BEHIND_TWO, cookie: cookieOf(secure, 'payload-token').split(';')[0]! },
    })
    expect(isSecure(cookieOf(logout, 'payload-token'))).toBe(true)
  })
})

describe('behind one proxy (the shared test shop)', () => {
  it('reads the one entry that proxy wrote', async () => {
    const made = await admin('POST', '/api/admin/accounts', {
      businessName: 'One Proxy Spaza',
      contactName: 'Sipho',
      phone: `084 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    })
    const { id } = (await made.json()) as { id: number }
    const { link } = (await (
      await admin('POST', `/api/admin/accounts/${id}/setup-link`, undefined, {
        headers: { 'x-forwarded-proto': 'http, https' },
      })
    ).json()) as { link: string }
    expect(link).toMatch(/^https:\/\//)
    const token = new URL(link).searchParams.get('token')!
    const set = await postJson(
      '/api/account/password',
      { token, password: 'one-proxy-99' },
      { 'x-forwarded-proto': 'https' },
    )
    expect(set.status).toBe(200)
    expect(isSecure(cookieOf(set, 'kc_buyer'))).toBe(true)
  })
})
