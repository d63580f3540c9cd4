import { createHash, randomInt } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { baseURL, get, postJson, sql } from '../helpers/api'
import { cms } from '../helpers/staff'

type Account = { id: number; businessName: string; phone: string; hasPassword: boolean }

/** A phone number no other test uses, as an owner would type it. */
const newPhone = () => `082 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function newAccount(fields: Record<string, unknown> = {}): Promise<Account> {
  const res = await admin('POST', '/api/admin/accounts', {
    businessName: 'Mokoena Spaza',
    contactName: 'Thandi Mokoena',
    phone: newPhone(),
    deliveryAddress: '12 Vilakazi St, Soweto',
    paymentTerms: '30-days',
    creditLimit: 5000,
    ...fields,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Account
}

async function setupLink(id: number): Promise<{ token: string; link: string; whatsapp: string }> {
  const res = await admin('POST', `/api/admin/accounts/${id}/setup-link`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { link: string; whatsapp: string }
  return { ...body, token: new URL(body.link).searchParams.get('token')! }
}

/** The sign-in cookie an answer sets, as `name=value` for the next request. */
function cookieOf(res: Response): string {
  const set = res.headers.get('set-cookie') ?? ''
  expect(set).toMatch(/^kc_buyer=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000/)
  return set.split(';')[0]!
}

const me = (cookie: string) => get('/api/account', { headers: { cookie } })

describe('trade accounts', () => {
  it('are made by the owner only, one per phone number however it is typed', async () => {
    const phone = newPhone()
    const body = { businessName: 'Sizwe Salon', contactName: 'Sizwe', phone }
    expect((await admin('POST', '/api/admin/accounts', body, { key: null })).status).toBe(401)
    expect((await admin('POST', '/api/admin/accounts', body, { key: 'wrong' })).status).toBe(401)
    const bad = await admin('POST', '/api/admin/accounts', { ...body, phone: '12' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ field: 'phone' })
    const made = await admin('POST', '/api/admin/accounts', body)
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({
      businessName: 'Sizwe Salon',
      paymentTerms: 'cash-on-delivery',
      creditLimit: 0,
      hasPassword: false,
    })
    const international = `+27 ${phone.slice(1)}`
    const twin = await admin('POST', '/api/admin/accounts', { ...body, phone: international })
    expect(twin.status).toBe(409)
    expect(await twin.json()).toMatchObject({ field: 'phone' })
    const listed = (await (await admin('GET', '/api/admin/accounts')).json()) as Account[]
    expect(listed.filter((a) => a.phone === phone)).toHaveLength(1)
  })

  it('set a password from a one-time link kept only as a hash, valid once and for 24 hours', async () => {
    const account = await newAccount()
    const { token, link, whatsapp } = await setupLink(account.id)
    expect(link).toMatch(/\/account\/setup\?token=[\w-]{43}$/)
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/2782\d{7}\?text=Hello%20Thandi%20Mokoena/)
    const [row] = await sql<{ setup_token_hash: string; hours: number }>(
      `SELECT setup_token_hash,
              round(extract(epoch FROM setup_token_expires_at - now()) / 3600)::int AS hours
         FROM trade_accounts WHERE id = $1`,
      [account.id],
    )
    expect(row).toEqual({ setup_token_hash: sha256(token), hours: 24 })

    const short = await postJson('/api/account/password', { token, password: 'short' })
    expect(short.status).toBe(400)
    expect(await short.json()).toMatchObject({ field: 'password' })
    const set = await postJson('/api/account/password', { token, password: 'spaza-2026!' })
    expect(set.status).toBe(200)
    expect(set.headers.get('cache-control')).toBe('private, no-store')
    const cookie = cookieOf(set)
    expect(await (await me(cookie)).json()).toMatchObject({
      account: { id: account.id, hasPassword: true },
    })
    const [stored] = await sql<{ password_hash: string; setup_token_hash: string | null }>(
      'SELECT password_hash, setup_token_hash FROM trade_accounts WHERE id = $1',
      [account.id],
    )
    expect(stored!.password_hash).toMatch(/^scrypt\$/)
    expect(stored!.password_hash).not.toContain('spaza-2026!')
    expect(stored!.setup_token_hash).toBeNull()

    const again = await postJson('/api/account/password', { token, password: 'another-one' })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({
      error: 'This link has expired or was already used. Ask the shop for a new one.',
    })

    const old = await setupLink(account.id)
    const fresh = await setupLink(account.id)
    expect(
      (await postJson('/api/account/password', { ...old, password: 'x'.repeat(9) })).status,
    ).toBe(400)
    await sql(
      `UPDATE trade_accounts SET setup_token_expires_at = now() - interval '1 second' WHERE id = $1`,
      [account.id],
    )
    const expired = await postJson('/api/account/password', {
      token: fresh.token,
      password: 'y'.repeat(9),
    })
    expect(expired.status).toBe(400)
    // Neither refused link changed the password.
    expect((await me(cookie)).status).toBe(200)
  })

  it('sign a buyer in by phone and password, and out again on that device', async () => {
    const phone = newPhone()
    const account = await newAccount({ phone })
    const { token } = await setupLink(account.id)
    cookieOf(await postJson('/api/account/password', { token, password: 'braai-tongs-9' }))
    const wrong = await postJson('/api/account/sign-in', { phone, password: 'braai-tongs-8' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('set-cookie')).toBeNull()
    const signedIn = await postJson('/api/account/sign-in', {
      phone: `+27${phone.replace(/\D/g, '').slice(1)}`,
      password: 'braai-tongs-9',
    })
    expect(signedIn.status).toBe(200)
    const cookie = cookieOf(signedIn)
    expect((await me(cookie)).status).toBe(200)
    expect((await me('kc_buyer=not-a-real-session')).status).toBe(401)
    expect((await get('/api/account')).status).toBe(401)

    const out = await fetch(`${baseURL()}/api/account/sign-out`, {
      method: 'POST',
      headers: { cookie },
    })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(
      /^kc_buyer=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    )
    expect((await me(cookie)).status).toBe(401)

    // A new password from a new link ends every other sign-in of the account.
    const other = cookieOf(
      await postJson('/api/account/sign-in', { phone, password: 'braai-tongs-9' }),
    )
    const next = await setupLink(account.id)
    cookieOf(
      await postJson('/api/account/password', { token: next.token, password: 'new-pass-123' }),
    )
    expect((await me(other)).status).toBe(401)
    await sql('UPDATE trade_accounts SET active = false WHERE id = $1', [account.id])
    expect(
      (await postJson('/api/account/sign-in', { phone, password: 'new-pass-123' })).status,
    ).toBe(401)
  })

  it('are changed by the owner field by field; a deactivated buyer is signed out everywhere', async () => {
    const phone = newPhone()
    const account = await newAccount({ phone, vatNumber: '4123456780' })
    const { token } = await setupLink(account.id)
    const cookie = cookieOf(
      await postJson('/api/account/password', { token, password: 'pap-and-vleis' }),
    )
    const patch = (body: unknown, key?: string | null) =>
      admin('PATCH', `/api/admin/accounts/${account.id}`, body, { key })
    expect((await patch({ creditLimit: 100 }, null)).status).toBe(401)
    expect((await patch({ creditLimit: -1 })).status).toBe(400)
    expect((await admin('PATCH', '/api/admin/accounts/999999', { creditLimit: 1 })).status).toBe(
      404,
    )
    const other = await newAccount()
    const clash = await patch({ phone: other.phone })
    expect(clash.status).toBe(409)
    expect(await clash.json()).toMatchObject({ field: 'phone' })

    const changed = await patch({ creditLimit: 7500.5, vatNumber: '', paymentTerms: '7-days' })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({
      businessName: 'Mokoena Spaza',
      phone,
      creditLimit: 7500.5,
      vatNumber: null,
      paymentTerms: '7-days',
      active: true,
    })
    expect((await me(cookie)).status).toBe(200)

    expect((await patch({ active: false })).status).toBe(200)
    expect((await me(cookie)).status).toBe(401)
    const [{ n }] = (await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM buyer_sessions WHERE account_id = $1',
      [account.id],
    )) as [{ n: number }]
    expect(n).toBe(0)
    expect(
      (await postJson('/api/account/sign-in', { phone, password: 'pap-and-vleis' })).status,
    ).toBe(401)
    expect((await patch({ active: true })).status).toBe(200)
    expect(
      (await postJson('/api/account/sign-in', { phone, password: 'pap-and-vleis' })).status,
    ).toBe(200)
  })

  it("refuse a sign-in, sign-out or password call made from another site's page", async () => {
    const phone = newPhone()
    const body = { phone, password: 'not-the-password' }
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]
    for (const headers of foreign) {
      for (const path of [
        '/api/account/sign-in',
        '/api/account/password',
        '/api/account/sign-out',
      ]) {
        const res = await postJson(path, body, headers)
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(res.headers.get('set-cookie')).toBeNull()
      }
    }
    // The shop's own page: same-origin, or an Origin naming this shop.
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: baseURL() },
    ]
    for (const headers of own)
      expect((await postJson('/api/account/sign-in', body, headers)).status).toBe(401)
  })

  it('lock a phone number out after 10 wrong guesses, whoever guesses, and no other number', async () => {
    const phone = newPhone()
    const account = await newAccount({ phone })
    const { token } = await setupLink(account.id)
    await postJson('/api/account/password', { token, password: 'right-password' })
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson(
          '/api/account/sign-in',
          { phone, password: `wrong-${i}` },
          {
            'x-forwarded-for': `10.9.${i}.1`,
          },
        ),
      ),
    )
    const statuses = guesses.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    const locked = await postJson('/api/account/sign-in', { phone, password: 'right-password' })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)

    const neighbour = newPhone()
    const theirs = await newAccount({ phone: neighbour })
    const link = await setupLink(theirs.id)
    await postJson('/api/account/password', { token: link.token, password: 'their-password' })
    expect(
      (await postJson('/api/account/sign-in', { phone: neighbour, password: 'their-password' }))
        .status,
    ).toBe(200)
  })

  it('show in /cms to admins, without the password or the link', async () => {
    const account = await newAccount()
    const { token } = await setupLink(account.id)
    await postJson('/api/account/password', { token, password: 'cms-cannot-see' })
    const res = await cms('GET', `/trade-accounts/${account.id}`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as Record<string, unknown>
    expect(doc).toMatchObject({ businessName: 'Mokoena Spaza', paymentTerms: '30-days' })
    for (const hidden of ['passwordHash', 'setupTokenHash', 'setupTokenExpiresAt'])
      expect(doc, hidden).not.toHaveProperty(hidden)
    expect((await get(`/cms/api/trade-accounts/${account.id}`)).status).toBe(403)
    // The /api rules hold in /cms too: a phone, VAT number and credit limit as /api takes them.
    for (const [field, value] of [
      ['phone', '12'],
      ['vatNumber', '123'],
      ['creditLimit', 10.005],
    ] as const) {
      const refused = await cms('PATCH', `/trade-accounts/${account.id}`, { [field]: value })
      expect(refused.status, field).toBe(400)
    }
    const write = await cms('PATCH', `/trade-accounts/${account.id}`, {
      passwordHash: 'scrypt$1$1$1$a$b',
    })
    expect(write.status).toBe(200)
    const [row] = await sql<{ password_hash: string }>(
      'SELECT password_hash FROM trade_accounts WHERE id = $1',
      [account.id],
    )
    expect(row!.password_hash).not.toBe('scrypt$1$1$1$a$b')
  })
})
