import type { Migration, Payload } from 'payload'

import { migrations } from '@/migrations'

/**
 * Applies committed migrations that have not run yet. The generated list is typed with the
 * Postgres adapter's argument types, which Payload's generic `Migration` declares as `unknown`.
 */
export async function runMigrations(payload: Payload): Promise<void> {
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
}

/** Closes Payload and its pool, so a script can stop the database without a dangling client. */
export async function closePayload(payload: Payload): Promise<void> {
  await payload.destroy().catch(() => undefined)
  await payload.db.pool?.end().catch(() => undefined)
}
