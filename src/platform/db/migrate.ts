import type { Migration, Payload } from 'payload'
import pg from 'pg'

import { migrations } from '@/migrations'

/**
 * Applies committed migrations that have not run yet. The generated list is typed with the
 * Postgres adapter's argument types, which Payload's generic `Migration` declares as `unknown`.
 */
export async function runMigrations(payload: Payload): Promise<void> {
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

/** How many committed migrations the database at `connectionString` has not run yet. */
export async function pendingMigrations(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    // Payload makes the database as it starts: then everything is to run.
    if ((error as { code?: unknown }).code === UNDEFINED_DATABASE) return migrations.length
    throw error
  }
  try {
    const { rows } = await client
      .query<{ name: string }>('SELECT name FROM payload_migrations')
      .catch((error: { code?: string }) => {
        if (error.code === UNDEFINED_TABLE) return { rows: [] }
        throw error
      })
    const applied = new Set(rows.map((row) => row.name))
    return migrations.filter((migration) => !applied.has(migration.name)).length
  } finally {
    await client.end().catch(() => undefined)
  }
}

const UNDEFINED_TABLE = '42P01'
const UNDEFINED_DATABASE = '3D000'

/**
 * Closes Payload and its pool, so a script can stop the database without a dangling client.
 * Payload 3.90's Postgres adapter checks one client out as it connects and never releases it
 * (`connectWithReconnect` in @payloadcms/db-postgres/dist/connect.js, to hear ECONNRESET), and a
 * pool's end() waits for every client: unbounded, `npm run migrate` and `npm run seed` finished
 * their work and then hung. The idle clients close at once; the held one is given a moment and
 * then left to the process's exit.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const closing = (async () => {
    await payload.destroy().catch(() => undefined)
    await payload.db.pool?.end().catch(() => undefined)
  })()
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
}
