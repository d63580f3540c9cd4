import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ensureDatabase } from '../../scripts/lib/embedded-postgres'
import { root, tempDataDir } from '../helpers/launch'

/*
 * The owner's one-off scripts run outside production (NODE_ENV unset), where Payload checks its
 * packages' versions at start-up: every payload and @payloadcms/* package must be one version.
 */
let database: string
let databaseUrl: string

beforeAll(async () => {
  database = `kc_scripts_${randomBytes(4).toString('hex')}`
  await ensureDatabase(inject('databaseUrl'), database)
  const url = new URL(inject('databaseUrl'))
  url.pathname = `/${database}`
  databaseUrl = url.toString()
})

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
})

function run(script: 'migrate' | 'seed') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PAYLOAD_DISABLE_DEPENDENCY_CHECKER: undefined,
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDataDir('kc-scripts-'),
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

async function productCount(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products')
    return rows[0]!.n
  } finally {
    await client.end()
  }
}

describe('npm run migrate and npm run seed outside production', () => {
  it('migrates a new database, then seeds the demo shop into it', async () => {
    const migrate = run('migrate')
    expect(migrate.output).not.toMatch(/Mismatching "payload" dependency versions/)
    expect(migrate.status, migrate.output).toBe(0)
    expect(migrate.output).toContain('Migrations applied.')
    expect(await productCount()).toBe(0)

    const seed = run('seed')
    expect(seed.status, seed.output).toBe(0)
    expect(seed.output).toContain('Demo shop reset.')
    expect(await productCount()).toBeGreaterThan(40)
  }, 240_000)
})
