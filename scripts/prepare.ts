/**
 * The launcher's preparation, in a child that exits once it is done (scripts/start.mjs forks
 * it): the settings checked, the production build made when missing or stale, the secrets, and
 * the embedded database planned and then created in it. TypeScript, zod, pg and the build's code
 * are loaded here, not in the launcher that stays up for months.
 *
 * Over the IPC channel: when the database is embedded, `{ type: 'postgres', spec }` asks the
 * launcher to run the postmaster, and the launcher answers `{ type: 'postgres-ready' }`; last
 * comes `{ type: 'ready', plan }` with what the servers need.
 */
import os from 'node:os'

import { env } from '../src/env'
import { ensureBuild } from './lib/ensure-build'
import { ensureDatabase, planEmbeddedPostgres } from './lib/embedded-postgres'
import type { PostgresSpec } from './lib/postgres-process.mjs'
import { DATABASE_NAME, prepareSecrets } from './lib/runtime'

export type LaunchPlan = {
  /** ADMIN_TOKEN, when set, reaches the servers from the launcher's own environment. */
  env: { DATABASE_URL: string; PAYLOAD_SECRET: string; DATA_DIR: string }
  servers: number
  heapMb: number
}

export type PrepareMessage =
  { type: 'postgres'; spec: PostgresSpec } | { type: 'ready'; plan: LaunchPlan }

/** Connections one server opens: its pool, the catalogue's 3, the change feed, start-up's lock. */
const CONNECTIONS_BESIDE_POOL = 6

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev')
  // A launcher that is gone has no use for what this prepares.
  process.once('disconnect', () => process.exit(1))
  // Checked as the servers will see them: their NODE_ENV is the launcher's to choose.
  Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' })
  const config = env()
  // Several `next dev` servers would compile into the same .next at once.
  const servers = dev ? 1 : (config.SERVER_PROCESSES ?? os.availableParallelism())
  if (!dev) ensureBuild()
  const secrets = prepareSecrets()

  let DATABASE_URL = process.env.DATABASE_URL
  if (!DATABASE_URL) {
    const needed = servers * (config.DB_POOL_MAX + CONNECTIONS_BESIDE_POOL) + 20
    const { spec, url } = await planEmbeddedPostgres({
      dataDir: secrets.dataDir,
      log: console.log,
      maxConnections: Math.max(200, needed),
    })
    await askLauncher({ type: 'postgres', spec }, 'postgres-ready')
    await ensureDatabase(url('postgres'), DATABASE_NAME)
    DATABASE_URL = url(DATABASE_NAME)
  }
  const plan: LaunchPlan = {
    env: {
      DATABASE_URL,
      PAYLOAD_SECRET: secrets.PAYLOAD_SECRET,
      DATA_DIR: secrets.dataDir,
    },
    servers,
    heapMb: config.SERVER_HEAP_MB,
  }
  process.removeAllListeners('disconnect')
  tell({ type: 'ready', plan })
  process.disconnect?.()
}

function tell(message: PrepareMessage): void {
  if (!process.send) throw new Error('scripts/prepare.ts is run by the launcher: use `npm start`.')
  process.send(message)
}

function askLauncher(message: PrepareMessage, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (reply: unknown) => {
      if ((reply as { type?: unknown } | null)?.type !== answer) return
      process.off('message', listener)
      resolve()
    }
    process.on('message', listener)
    tell(message)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
