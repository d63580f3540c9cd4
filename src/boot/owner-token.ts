import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { Pool } from 'pg'

import { env } from '@/env'
import { ownerTokenHash, storeOwnerTokenHash } from '@/modules/auth/repository'
import { hashToken, sameHash } from '@/modules/auth/token-hash'

/** Where a shop started without ADMIN_TOKEN keeps the owner token it made. */
export const OWNER_TOKEN_FILE = 'admin-token'

/**
 * Settles, once at start-up (under the start-up lock, so one server of many does it), which
 * owner token opens the shop. Its SHA-256 hash lives in the data (`owner_token`), so a backup
 * carries it and a shop restored into a new data folder opens with the same token.
 *
 * - ADMIN_TOKEN, when set, is the truth: its hash replaces the one kept, and a replaced one is
 *   said in the log (the old token stops working).
 * - Without it the kept hash stays. A data folder's `admin-token` (made by an earlier start) is
 *   kept as the owner token when the data holds none yet; when the data holds another (restored
 *   from a backup) the data's wins and the log says so.
 * - With neither, a new token is made, kept in DATA_DIR/admin-token and printed once.
 */
export async function settleOwnerToken(
  pool: Pool,
  log: (line: string) => void = console.log,
): Promise<void> {
  const { ADMIN_TOKEN, dataDir } = env()
  const kept = await ownerTokenHash(pool)
  if (ADMIN_TOKEN) {
    const hash = hashToken(ADMIN_TOKEN)
    if (kept && sameHash(hash, kept.hash) && kept.source === 'ADMIN_TOKEN') return
    await storeOwnerTokenHash(pool, hash, 'ADMIN_TOKEN')
    if (kept && !sameHash(hash, kept.hash))
      log(
        'The owner token is now ADMIN_TOKEN: it replaces the one this shop kept (which no longer signs in).',
      )
    return
  }
  const file = path.join(dataDir, OWNER_TOKEN_FILE)
  const fromFile = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined
  if (kept) {
    if (fromFile && !sameHash(hashToken(fromFile), kept.hash))
      log(
        `The owner token is the one this shop's data keeps (${describe(kept.source)}); the token in ${file} does not sign in. Set ADMIN_TOKEN to choose another.`,
      )
    return
  }
  if (fromFile) {
    await storeOwnerTokenHash(pool, hashToken(fromFile), 'generated')
    return
  }
  const token = randomBytes(24).toString('base64url')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 })
  // Printed before it is kept: should keeping it fail, the next start keeps it from the file.
  log(`\n  Owner admin token (shown once; kept in ${file}):\n\n    ${token}\n`)
  await storeOwnerTokenHash(pool, hashToken(token), 'generated')
}

/** Where a kept owner token came from, in the words the log and the restore use. */
export function describe(source: 'ADMIN_TOKEN' | 'generated'): string {
  return source === 'ADMIN_TOKEN'
    ? 'the ADMIN_TOKEN the shop ran with'
    : 'the token the shop made, printed when it first started and kept in its data folder as admin-token'
}
