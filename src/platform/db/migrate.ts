import type { Migration, Payload } from 'payload'

import { migrations } from '@/migrations'

/**
 * Applies committed migrations that have not run yet. The generated list is typed with the
 * Postgres adapter's argument types, which Payload's generic `Migration` declares as `unknown`.
 */
export async function runMigrations(payload: Payload): Promise<void> {
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

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
