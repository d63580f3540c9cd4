import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import {
  ensureDatabase,
  freePort,
  sleep,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../scripts/lib/embedded-postgres'

export type ShopServer = {
  baseURL: string
  adminToken: string
  databaseUrl: string
  dataDir: string
  /** The launcher's pid; the HTTP servers are its children (tests/helpers/processes.ts). */
  pid: number
  stop: () => Promise<void>
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The real shop (`scripts/start.mjs`, production build) on a throwaway database: a new database
 * on TEST_DATABASE_URL's (or DATABASE_URL's) server when one is set, else on an embedded
 * PostgreSQL in a temporary folder. Everything is dropped by `stop()`.
 */
export async function startShopServer(
  options: {
    port?: number
    /** The URL the app itself connects with (the bench puts a counting proxy in between). */
    appDatabaseUrl?: (direct: string) => Promise<string>
    /** SERVER_PROCESSES for this shop; unset, the launcher's default (one per core). */
    processes?: number
    /** More environment for this shop (PAYFAST_BASE_URL for a local stand-in for PayFast). */
    env?: Record<string, string>
  } = {},
): Promise<ShopServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-test-'))
  // The embedded postgres runs as the postgres user when we are root: let it into the folder.
  fs.chmodSync(dataDir, 0o755)
  const database = `kc_test_${randomBytes(5).toString('hex')}`
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  let embedded: EmbeddedPostgres | undefined
  let databaseUrl: string
  if (serverUrl) {
    await ensureDatabase(serverUrl, database)
    databaseUrl = withDatabase(serverUrl, database)
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db') })
    await ensureDatabase(embedded.url('postgres'), database)
    databaseUrl = embedded.url(database)
  }

  const port = options.port ?? (await freePort())
  const adminToken = `test-owner-${randomBytes(16).toString('hex')}`
  const logPath = path.join(dataDir, 'server.log')
  const log = fs.openSync(logPath, 'a')
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...(options.processes ? { SERVER_PROCESSES: String(options.processes) } : {}),
      DATABASE_URL: options.appDatabaseUrl
        ? await options.appDatabaseUrl(databaseUrl)
        : databaseUrl,
      DATA_DIR: path.join(dataDir, 'app'),
      PORT: String(port),
      ADMIN_TOKEN: adminToken,
      NEXT_TELEMETRY_DISABLED: '1',
      // Tests act as many clients by sending X-Forwarded-For (the admin rate limit is per client).
      TRUST_PROXY: 'true',
      ...options.env,
    },
  })
  fs.closeSync(log)
  const baseURL = `http://127.0.0.1:${port}`

  const stop = async () => {
    await stopChild(child)
    if (embedded) {
      await embedded.stop()
    } else if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await admin.end()
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(baseURL, child, logPath)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, adminToken, databaseUrl, dataDir, pid: child.pid!, stop }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function waitForHealth(baseURL: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const res = await fetch(`${baseURL}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  const tail = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').slice(-4000) : ''
  throw new Error(`The shop did not become healthy at ${baseURL}. Server log:\n${tail}`)
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  await exited
  clearTimeout(timer)
}
