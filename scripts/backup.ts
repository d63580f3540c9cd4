/**
 * `npm run backup [-- --out DIR]`: one consistent .tar.gz of the shop's database and media (see
 * scripts/lib/backup.ts), written to DIR (default BACKUP_DIR, else ./backups) and named by the
 * time. Works on a running shop, a stopped embedded one, or DATABASE_DIRECT_URL / DATABASE_URL.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { env } from '../src/env'
import { BACKUP_FORMAT, dumpDatabase, SECRET_FILES, tar, type Manifest } from './lib/backup'
import { runningClusterUrl } from './lib/embedded-postgres'
import { DATABASE_NAME, prepareRuntime } from './lib/runtime'

const outIndex = process.argv.indexOf('--out')
const outDir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1]! : env().BACKUP_DIR)
const { dataDir, mediaDir, DATABASE_URL, DATABASE_DIRECT_URL } = env()

async function databaseUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  // One snapshot across many statements: a session, so the direct connection.
  const url = DATABASE_DIRECT_URL || DATABASE_URL || runningClusterUrl(dataDir, DATABASE_NAME)
  if (url) return { url, stop: async () => undefined }
  const runtime = await prepareRuntime(() => undefined)
  return { url: runtime.env.DATABASE_URL, stop: runtime.stop }
}

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-backup-'))
const database = await databaseUrl()
try {
  const dump = await dumpDatabase(database.url, staging)
  // After the rows: every image a row names was uploaded before the snapshot, so it is here.
  if (fs.existsSync(mediaDir)) fs.cpSync(mediaDir, path.join(staging, 'media'), { recursive: true })
  fs.mkdirSync(path.join(staging, 'secrets'))
  for (const name of SECRET_FILES) {
    const file = path.join(dataDir, name)
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(staging, 'secrets', name))
  }
  const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), ...dump }
  fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  fs.mkdirSync(outDir, { recursive: true })
  const stamp = manifest.createdAt.replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const file = path.join(outDir, `kc-backup-${stamp}.tar.gz`)
  tar(['-czf', file, '-C', staging, '.'])
  fs.chmodSync(file, 0o600)
  const rows = dump.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(
    `Backup written: ${file} (${dump.tables.length} tables, ${rows} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`,
  )
} finally {
  await database.stop()
  fs.rmSync(staging, { recursive: true, force: true })
}
process.exit(0)
