import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, sleep } from '../../scripts/lib/embedded-postgres'
import { stopChild } from './shop-server'

export const root = path.resolve(import.meta.dirname, '../..')

export type LaunchedShop = {
  baseURL: string
  dataDir: string
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

/** A folder the embedded PostgreSQL (run as the postgres user when we are root) can enter. */
export function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.chmodSync(dir, 0o755)
  return dir
}

/**
 * `npm start` as a person runs it: on DATABASE_URL when given, else the embedded database; with
 * no `adminToken` the shop makes its own, and its secrets, in DATA_DIR.
 */
export async function launchShop(options: {
  dataDir: string
  adminToken?: string
  databaseUrl?: string
  /** More environment, such as what several instances of one shop share. */
  env?: Record<string, string>
  /** When it counts as started, by the health check's status: healthy unless said. */
  started?: (healthStatus: number) => boolean
}): Promise<LaunchedShop> {
  const started = options.started ?? ((status: number) => status === 200)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, PORT: String(port) }
  for (const [name, value] of [
    ['ADMIN_TOKEN', options.adminToken],
    ['DATABASE_URL', options.databaseUrl],
  ] as const) {
    if (value) env[name] = value
    else delete env[name]
  }
  delete env.PAYLOAD_SECRET
  Object.assign(env, options.env)
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env })
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  const baseURL = `http://127.0.0.1:${port}`
  const shop = {
    baseURL,
    dataDir: options.dataDir,
    child,
    output: () => output,
    stop: () => stopChild(child),
  }
  for (let i = 0; i < 900 && child.exitCode === null; i++) {
    const status = await fetch(`${baseURL}/api/health`).then(
      (r) => r.status,
      () => 0,
    )
    if (status && started(status)) return shop
    await sleep(200)
  }
  await stopChild(child)
  throw new Error(`The shop did not start:\n${output}`)
}
