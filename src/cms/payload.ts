import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { answers } from '@/platform/db/reachable'

/**
 * The Payload instance: Payload keeps one per process, and after a failed start (the database
 * away) the next call tries again. Migrating, seeding and the change feed are start-up's work
 * (start-up.ts), not a caller's.
 */
export function getShop(): Promise<Payload> {
  return getPayload({ config })
}

/** Whether the database answers now (the health check, and telling an outage from a bug). */
export async function databaseReachable(): Promise<boolean> {
  try {
    return await answers((await getShop()).db.pool)
  } catch (error) {
    console.error('Database check failed:', error instanceof Error ? error.message : error)
    return false
  }
}
