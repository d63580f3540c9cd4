import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Buyers' passwords, kept as scrypt hashes (`scrypt$N$r$p$salt$hash`, base64url): a slow,
 * memory-hard hash with a salt of its own per password, so a copied table gives no password
 * away cheaply. N = 2^14 costs 16 MB and about 0.1 s of one libuv thread per check.
 */
const COST = { N: 16_384, r: 8, p: 1 }
const KEY_BYTES = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  const { N, r, p } = COST
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` is the one `stored` was made from; false for anything not such a hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = (stored ?? DECOY).split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const options = { N: Number(N), r: Number(r), p: Number(p) }
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options)
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Checked when there is no account or no password yet, so that both take as long as a real check. */
const DECOY = `scrypt$${COST.N}$${COST.r}$${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`
