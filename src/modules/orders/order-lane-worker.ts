/**
 * The order lane's thread (order-lane.ts): places each order it is sent on its own pool, and
 * answers with plain data. Nothing else runs here, so no page render delays an order's next
 * statement while it holds its row locks.
 */
import { parentPort } from 'node:worker_threads'

import pg from 'pg'

import { databaseIsPooled, requireEnv } from '@/env'
import { laneErrorOf, type LaneReply, type LaneRequest } from '@/modules/orders/order-lane'
import { placeOrderOn } from '@/modules/orders/place-order'
import { poolConfig } from '@/platform/db/pool-limits'

/**
 * Orders wait on each other's row locks, not on this pool: a few connections keep orders for
 * different products apart, while one product's orders queue in PostgreSQL anyway.
 */
const LANE_CONNECTIONS = 4

const pool = new pg.Pool(
  poolConfig(requireEnv('DATABASE_URL'), LANE_CONNECTIONS, databaseIsPooled()),
)
pool.on('error', (error) => console.error('Order lane: database connection lost:', error.message))

parentPort!.on('message', (message: { id: number } & LaneRequest) => {
  const { id, input, idempotencyKey, buyer } = message
  placeOrderOn(pool, input, idempotencyKey, buyer).then(
    (placed) => parentPort!.postMessage({ id, ok: true, placed } satisfies LaneReply),
    (error: unknown) =>
      parentPort!.postMessage({ id, ok: false, error: laneErrorOf(error) } satisfies LaneReply),
  )
})
