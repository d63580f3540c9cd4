/**
 * `npm run restore FILE`: brings a fresh DATA_DIR (the embedded database) or an empty
 * DATABASE_URL database back to the state in a backup made by `npm run backup`. It refuses a
 * database that already holds a shop, so it never overwrites one. Last it says which owner
 * token signs in to the restored shop: the backup's data holds that token's hash, never the
 * token itself, so it names the token rather than printing it.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { env } from '../src/env'
import { migrations } from '../src/migrations'

import {
  applyMigrations,
  BACKUP_FORMAT,
  loadDatabase,
  SECRET_FILES,
  tar,
  type Manifest,
} from './lib/backup'
import { prepareRuntime } from './lib/runtime'

const file = process.argv[2]
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file made by npm run backup>')
  process.exit(2)
}
const { dataDir, mediaDir } = env()

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-restore-'))
tar(['-xzf', path.resolve(file), '-C', staging])
const manifest = JSON.parse(
  fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8'),
) as Manifest
if (manifest.format !== BACKUP_FORMAT) {
  console.error(
    `This backup is format ${manifest.format}; this shop reads format ${BACKUP_FORMAT}.`,
  )
  process.exit(1)
}
const known = migrations.map((m) => m.name)
if (manifest.migrations.some((name, i) => known[i] !== name)) {
  console.error(`The backup's schema (${manifest.migrations.at(-1)}) is not one this code knows.`)
  process.exit(1)
}

fs.mkdirSync(dataDir, { recursive: true })
for (const name of SECRET_FILES) {
  const from = path.join(staging, 'secrets', name)
  const to = path.join(dataDir, name)
  if (fs.existsSync(from) && !fs.existsSync(to)) fs.copyFileSync(from, to)
}
const runtime = await prepareRuntime(() => undefined)
try {
  const probe = new pg.Client({ connectionString: runtime.env.DATABASE_URL })
  await probe.connect()
  const { rows } = await probe.query<{ shop: string | null }>(
    "SELECT to_regclass('public.products')::text AS shop",
  )
  await probe.end()
  if (rows[0]!.shop) {
    throw new Error(
      'This database already holds a shop: restore into a fresh DATA_DIR or an empty database.',
    )
  }
  // The schema the backup was taken at; the shop applies any newer migrations when it starts.
  await applyMigrations(runtime.env.DATABASE_URL, manifest.migrations.length)
  await loadDatabase(runtime.env.DATABASE_URL, staging, manifest)
  if (fs.existsSync(path.join(staging, 'media'))) {
    fs.cpSync(path.join(staging, 'media'), mediaDir, { recursive: true })
  }
  const rowCount = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(
    `Restored ${rowCount} rows in ${manifest.tables.length} tables from ${file} (taken ${manifest.createdAt}).`,
  )
  console.log(await ownerTokenNote(runtime.env.DATABASE_URL))
} finally {
  await runtime.stop()
  fs.rmSync(staging, { recursive: true, force: true })
}
process.exit(0)

/** Which owner token opens the restored shop, as the shop will settle it (src/boot/owner-token.ts). */
async function ownerTokenNote(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client
    .query<{ token_hash: string; source: string }>('SELECT token_hash, source FROM owner_token')
    // A backup from before the shop kept the owner token's hash.
    .catch(() => ({ rows: [] as { token_hash: string; source: string }[] }))
  await client.end()
  const tokenFile = path.join(dataDir, 'admin-token')
  const fileToken = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : ''
  const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
  const fileHash = fileToken && sha256(fileToken)
  const kept = rows[0]
  const lines: string[] = []
  if (kept?.source === 'ADMIN_TOKEN') {
    lines.push(
      'Sign in to the restored shop with the owner token of the backup: the ADMIN_TOKEN the source shop ran with.',
      'It works without setting ADMIN_TOKEN here (the backup keeps its hash, not the token).',
    )
  } else if (kept && fileHash === kept.token_hash) {
    lines.push(
      `Sign in to the restored shop with the owner token of the backup, now in ${tokenFile}.`,
    )
  } else if (kept) {
    lines.push(
      'Sign in to the restored shop with the owner token of the backup: the token the source shop made, printed when it first started and kept in its data folder as admin-token.',
    )
  } else if (fileHash) {
    lines.push(`Sign in to the restored shop with the owner token in ${tokenFile}.`)
  } else {
    lines.push(
      'This backup keeps no owner token: start the restored shop with the ADMIN_TOKEN the source shop ran with, or it makes a new token and prints it.',
    )
  }
  if (process.env.ADMIN_TOKEN && sha256(process.env.ADMIN_TOKEN) !== kept?.token_hash) {
    lines.push(
      "ADMIN_TOKEN is set: a shop started with it opens with it instead, and the backup's token stops working.",
    )
  }
  return lines.join('\n')
}
