import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { ADMIN_TOKEN_TOO_SHORT, MIN_ADMIN_TOKEN_LENGTH } from '../../src/env'
import { ensureDatabase, readOrCreate, startEmbeddedPostgres } from './embedded-postgres'

export type Runtime = {
  env: { DATABASE_URL: string; PAYLOAD_SECRET: string; DATA_DIR: string }
  embedded: boolean
  stop: () => Promise<void>
}

export const DATABASE_NAME = 'kc_shop'

export type Secrets = { dataDir: string; PAYLOAD_SECRET: string }

/**
 * The secrets every server of the shop shares: the given ones, or made once and kept in
 * DATA_DIR. The owner token is not one of them: ADMIN_TOKEN is checked here, but the token a
 * shop without it opens with is settled by the server against the data (src/boot/owner-token.ts),
 * which is what a restored shop needs.
 */
export function prepareSecrets(): Secrets {
  const dataDir = path.resolve(process.env.DATA_DIR || '.data')
  fs.mkdirSync(dataDir, { recursive: true })

  const PAYLOAD_SECRET =
    process.env.PAYLOAD_SECRET ||
    readOrCreate(path.join(dataDir, 'payload-secret'), () => randomBytes(32).toString('hex'))

  const ADMIN_TOKEN = process.env.ADMIN_TOKEN
  if (ADMIN_TOKEN && ADMIN_TOKEN.length < MIN_ADMIN_TOKEN_LENGTH)
    throw new Error(ADMIN_TOKEN_TOO_SHORT)
  return { dataDir, PAYLOAD_SECRET }
}

/**
 * What a process that uses the database needs: the secrets, and a database (the given
 * DATABASE_DIRECT_URL or DATABASE_URL, or an embedded PostgreSQL of its own). Used by the seed,
 * migrate, backup and restore scripts, which keep a session (a restore's and a backup's one
 * snapshot, migrations): the direct connection, never a transaction pooler. `npm start` does the
 * same in two steps (scripts/prepare.ts), so that the launcher, not a short-lived child, runs
 * the embedded PostgreSQL.
 */
export async function prepareRuntime(log: (line: string) => void = console.log): Promise<Runtime> {
  const { dataDir, PAYLOAD_SECRET } = prepareSecrets()
  const given = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL
  if (given) {
    return {
      env: {
        DATABASE_URL: given,
        PAYLOAD_SECRET,
        DATA_DIR: dataDir,
      },
      embedded: false,
      stop: async () => undefined,
    }
  }

  const postgres = await startEmbeddedPostgres({ dataDir, log })
  try {
    await ensureDatabase(postgres.url('postgres'), DATABASE_NAME)
  } catch (error) {
    await postgres.stop()
    throw error
  }
  return {
    env: {
      DATABASE_URL: postgres.url(DATABASE_NAME),
      PAYLOAD_SECRET,
      DATA_DIR: dataDir,
    },
    embedded: true,
    stop: postgres.stop,
  }
}
