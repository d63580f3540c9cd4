import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { requireEnv } from '@/env'
import { seedIfEmpty } from '@/seed'
import { startChangeFeed } from './change-feed'
import { runMigrations } from './migrate'

const globalForShop = globalThis as unknown as { __kcShopReady?: Promise<Payload> }

/**
 * The Payload instance with its schema migrated and the demo shop seeded on an empty database.
 * Production applies migrations inside `getPayload` (prodMigrations); development does it here,
 * because the schema never changes by push.
 */
export function getShop(): Promise<Payload> {
  globalForShop.__kcShopReady ??= (async () => {
    const payload = await getPayload({ config })
    // An idle connection that the server drops (a restart) must not take the process down: the
    // pool discards it and opens a new one on the next query.
    payload.db.pool.on('error', (error) =>
      console.error('Database connection lost:', error.message),
    )
    if (process.env.NODE_ENV !== 'production') await runMigrations(payload)
    await seedIfEmpty(payload)
    startChangeFeed(requireEnv('DATABASE_URL'))
    const { totalDocs: staff } = await payload.count({ collection: 'users', overrideAccess: true })
    if (staff === 0) {
      console.log('No /cms account yet: open /cms/setup and give the owner token to create one.')
    }
    return payload
  })().catch((error: unknown) => {
    globalForShop.__kcShopReady = undefined
    throw error
  })
  return globalForShop.__kcShopReady
}

/** Whether the database answers now (the health check, and telling an outage from a bug). */
export async function databaseReachable(): Promise<boolean> {
  try {
    await (await getShop()).db.pool.query('SELECT 1')
    return true
  } catch (error) {
    console.error('Database check failed:', error instanceof Error ? error.message : error)
    return false
  }
}
