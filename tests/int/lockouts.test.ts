import { randomInt } from 'node:crypto'

import { afterAll, describe, expect, it } from 'vitest'

import { admin, newClient } from '../helpers/admin'
import { postJson, sql } from '../helpers/api'

/**
 * Lockouts that no flood of other identifiers can wipe (src/modules/auth/lockouts.ts): each kind
 * keeps at most 10,000 rows and an overflow row, and makes room only from rows that lock nobody.
 * The bulk of a flood is written straight into the table (as a flood leaves it: full of fresh
 * rows, newer than the locks); the last hundreds go through HTTP on the real path.
 */
const MAX_ROWS = 10_000
const KINDS = ['owner-key', 'sign-in-phone', 'sign-in-client'] as const
const TOO_MANY = { error: 'Too many failed attempts. Try again later.' }

const newPhone = () => `083${randomInt(1_000_000, 9_999_999)}`

async function buyerWithPassword(phone: string, password: string): Promise<void> {
  const made = await admin('POST', '/api/admin/accounts', {
    businessName: 'Lockout Traders',
    contactName: 'Lerato',
    phone,
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const link = await admin('POST', `/api/admin/accounts/${id}/setup-link`)
  const token = new URL(((await link.json()) as { link: string }).link).searchParams.get('token')
  expect((await postJson('/api/account/password', { token, password })).status).toBe(200)
}

const ownerCall = (client: string, key: string | null = null) =>
  admin('GET', '/api/admin/orders', undefined, key === null ? { client } : { client, key })

const signIn = (phone: string, password: string, client: string) =>
  postJson('/api/account/sign-in', { phone, password }, { 'x-forwarded-for': client })

async function expectLocked(res: Response): Promise<void> {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await res.json()).toMatchObject(TOO_MANY)
}

async function rowsByKind(): Promise<Record<string, number>> {
  const rows = await sql<{ kind: string; n: number }>(
    'SELECT kind, count(*)::int AS n FROM auth_failures GROUP BY kind',
  )
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]))
}

/** `count` requests at a time, `total` in all. */
async function inBatches<T>(total: number, count: number, send: (i: number) => Promise<T>) {
  const results: T[] = []
  for (let start = 0; start < total; start += count) {
    const batch = Array.from({ length: Math.min(count, total - start) }, (_, j) => send(start + j))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

afterAll(async () => {
  // The next files' clients must not find a full table or a locked overflow window.
  await sql(`DELETE FROM auth_failures WHERE subject LIKE 'flood-%' OR subject = '*'`)
})

describe('lockouts', () => {
  const lockedClient = newClient()
  const lockedPhone = newPhone()
  const password = 'the-right-password'

  it('hold through 20,000 failures from rotating addresses and numbers, in a bounded table', async () => {
    await buyerWithPassword(lockedPhone, password)
    for (let i = 0; i < 10; i++)
      expect((await ownerCall(lockedClient, `guess-${i}`)).status).toBe(401)
    for (let i = 0; i < 10; i++)
      expect((await signIn(lockedPhone, `wrong-${i}`, newClient())).status).toBe(401)
    await expectLocked(await ownerCall(lockedClient))
    await expectLocked(await signIn(lockedPhone, password, newClient()))

    // The flood's first 19,700 failures (wrong keys and wrong sign-ins, a sign-in counted per
    // number and per address), as they leave the table: every kind full of rows of one failure
    // each, all newer than the locks (a table that dropped its oldest rows first would drop the
    // locks now). Then its last 200 wrong keys and 100 wrong sign-ins over HTTP, each from a
    // new address and number.
    for (const kind of KINDS) {
      await sql(
        `INSERT INTO auth_failures (kind, subject, failures, window_start)
         SELECT $1, 'flood-' || g, 1, now() FROM generate_series(1, $2) g`,
        [kind, MAX_ROWS],
      )
    }
    const keys = await inBatches(200, 10, () => ownerCall(newClient(), 'flood-key'))
    expect(keys.map((r) => r.status)).toEqual(Array(200).fill(401))
    const signIns = await inBatches(100, 10, () => signIn(newPhone(), 'flood', newClient()))
    expect(signIns.map((r) => r.status)).toEqual(Array(100).fill(401))

    await expectLocked(await ownerCall(lockedClient))
    await expectLocked(await signIn(lockedPhone, password, newClient()))
    const sizes = await rowsByKind()
    for (const kind of KINDS) expect(sizes[kind] ?? 0, kind).toBeLessThanOrEqual(MAX_ROWS + 1)
    // And what was not locked still gets in: the owner from another address, the number's
    // neighbours.
    expect((await ownerCall(newClient())).status).toBe(200)
  }, 400_000)

  it('keep their own count when a kind is full of live locks: newcomers share one overflow window', async () => {
    // Made first: the owner's own calls below come from an address that has no row either.
    const neighbour = newPhone()
    await buyerWithPassword(neighbour, password)
    const { n } = (
      await sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth_failures WHERE kind = $1`, [
        'owner-key',
      ])
    )[0]!
    // Live ones: rows an earlier file left may be past their window, and ended windows make room.
    await sql(
      `UPDATE auth_failures SET failures = 10, window_start = now() WHERE kind = 'owner-key'`,
    )
    await sql(
      `INSERT INTO auth_failures (kind, subject, failures, window_start)
       SELECT 'owner-key', 'flood-locked-' || g, 10, now() FROM generate_series(1, $1) g`,
      [Math.max(0, MAX_ROWS - n)],
    )
    try {
      // Ten newcomers' failures fill the overflow window; then every newcomer waits for it to
      // end, a right key too (the trade-off docs/api.md states), while the locks stay.
      const first = await inBatches(10, 5, () => ownerCall(newClient(), 'overflow-key'))
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(401))
      await expectLocked(await ownerCall(newClient(), 'overflow-key'))
      await expectLocked(await ownerCall(newClient()))
      await expectLocked(await ownerCall(lockedClient))
      const sizes = await rowsByKind()
      expect(sizes['owner-key']).toBe(MAX_ROWS + 1)
      // Buyers are another kind: the owner's flood does not touch them.
      await expectLocked(await signIn(lockedPhone, password, newClient()))
      expect((await signIn(neighbour, password, newClient())).status).toBe(200)
    } finally {
      await sql(`DELETE FROM auth_failures WHERE kind = 'owner-key' AND subject <> $1`, [
        lockedClient,
      ])
    }
    await expectLocked(await ownerCall(lockedClient))
    expect((await ownerCall(newClient())).status).toBe(200)
  }, 120_000)

  it('lock one address out of sign-ins after 100 wrong ones, whatever numbers it tries', async () => {
    const client = newClient()
    const statuses = await inBatches(101, 10, () => signIn(newPhone(), 'wrong', client))
    expect(statuses.filter((r) => r.status === 401)).toHaveLength(100)
    await expectLocked(statuses.find((r) => r.status === 429)!)
    const neighbour = newPhone()
    await buyerWithPassword(neighbour, password)
    await expectLocked(await signIn(neighbour, password, client))
    expect((await signIn(neighbour, password, newClient())).status).toBe(200)
  }, 400_000)
})
