import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { ADMIN_TOKEN_TOO_SHORT, MIN_ADMIN_TOKEN_LENGTH } from '../../src/env'
import { ensureDatabase, readOrCreate, startEmbeddedPostgres } from './embedded-postgres'

export type Runtime = {
  env: { DATABASE_URL: string; PAYLOAD_SECRET: string; ADMIN_TOKEN: string; DATA_DIR: string }
  embedded: boolean
  stop: () => Promise<void>
}

export const DATABASE_NAME = 'kc_shop'

export type Secrets = { dataDir: string; PAYLOAD_SECRET: string; ADMIN_TOKEN: string }

/**
 * The secrets every server of the shop shares: the given ones, or made once and kept in
 * DATA_DIR. A new owner token is printed once.
 */
export function prepareSecrets(log: (line: string) => void = console.log): Secrets {
  const dataDir = path.resolve(process.env.DATA_DIR || '.data')
  fs.mkdirSync(dataDir, { recursive: true })

  const PAYLOAD_SECRET =
    process.env.PAYLOAD_SECRET ||
    readOrCreate(path.join(dataDir, 'payload-secret'), () => randomBytes(32).toString('hex'))

  let ADMIN_TOKEN = process.env.ADMIN_TOKEN
  if (ADMIN_TOKEN && ADMIN_TOKEN.length < MIN_ADMIN_TOKEN_LENGTH)
    throw new Error(ADMIN_TOKEN_TOO_SHORT)
  if (!ADMIN_TOKEN) {
    const tokenFile = path.join(dataDir, 'admin-token')
    const isNew = !fs.existsSync(tokenFile)
    ADMIN_TOKEN = readOrCreate(tokenFile, () => randomBytes(24).toString('base64url'))
    if (isNew) {
      log(`\n  Owner admin token (shown once; kept in ${tokenFile}):\n\n    ${ADMIN_TOKEN}\n`)
    }
  }
  return { dataDir, PAYLOAD_SECRET, ADMIN_TOKEN }
}

/**
 * What a process that uses the database needs: the secrets, and a database (the given
 * DATABASE_URL, or an embedded PostgreSQL of its own). Used by the seed, migrate, backup and
 * restore scripts. `npm start` does the same in two steps (scripts/prepare.ts), so that the
 * launcher, not a short-lived child, runs the embedded PostgreSQL.
 */
export async function prepareRuntime(log: (line: string) => void = console.log): Promise<Runtime> {
  const { dataDir, PAYLOAD_SECRET, ADMIN_TOKEN } = prepareSecrets(log)
  if (process.env.DATABASE_URL) {
    return {
      env: {
        DATABASE_URL: process.env.DATABASE_URL,
        PAYLOAD_SECRET,
        ADMIN_TOKEN,
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
      ADMIN_TOKEN,
      DATA_DIR: dataDir,
    },
    embedded: true,
    stop: postgres.stop,
  }
}
