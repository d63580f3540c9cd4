/**
 * `npm run restore FILE`: brings a fresh DATA_DIR (the embedded database) or an empty
 * DATABASE_URL database back to the state in a backup made by `npm run backup`. It refuses a
 * database that already holds a shop, so it never overwrites one.
 */
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
} finally {
  await runtime.stop()
  fs.rmSync(staging, { recursive: true, force: true })
}
process.exit(0)
