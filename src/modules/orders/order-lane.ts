import { Worker } from 'node:worker_threads'

import { AppError, ServiceBusy } from '@/shared/errors'
import type { OrderInput } from '@/modules/orders/schemas'
import type { OrderBuyer, PlacedOrder } from '@/modules/orders/place-order'

/**
 * The order lane: orders' transactions on a thread of their own, in each server process.
 *
 * An order holds its products' row locks from its first statement to its COMMIT, eight to ten
 * round trips to PostgreSQL. On the server's main thread each of those replies waited for the
 * event loop, which under load is rendering pages for tens of milliseconds at a time: an order
 * sat "idle in transaction" holding its locks while pages rendered, and every other order on those
 * products queued behind it (p99 28 s). On this thread nothing else runs, so a reply is acted on
 * at once and the locks are held for the transaction's own time. The request is still read and
 * answered on the main thread, whose wait the front door bounds by shedding renders.
 */
export type LaneRequest = { input: OrderInput; idempotencyKey?: string; buyer?: OrderBuyer }

/** What crosses from the lane: the placed order, or the error as the HTTP mapping needs it. */
export type LaneResult = { ok: true; placed: PlacedOrder } | { ok: false; error: LaneError }
export type LaneReply = { id: number } & LaneResult

export type LaneError =
  | { app: true; message: string; status: number; details: Record<string, unknown> }
  | { app: false; message: string; name?: string; code?: string; constraint?: string }

/**
 * Plain data both ways: the lane is made by the server (scripts/server.ts) and used by the route,
 * which Next bundles apart, each with its own copy of the error classes.
 */
export type OrderLane = { send: (request: LaneRequest) => Promise<LaneResult> }

const registry = globalThis as unknown as { __kcOrderLane?: OrderLane }

/** The lane of this process, when its server started one (route handlers are bundled apart). */
export function orderLane(): OrderLane | undefined {
  return registry.__kcOrderLane
}

export const LANE_LOST =
  'The order could not be completed just now. Please try again: if it went through, retrying with the same Idempotency-Key returns it.'

/**
 * Starts the lane's thread and makes it this process's. A thread that dies is started again for
 * the next order; the orders it was placing are answered 503 (what committed stays committed,
 * and a retry with the same Idempotency-Key returns it).
 */
export function startOrderLane(workerUrl: URL): OrderLane {
  const waiting = new Map<number, (result: LaneResult) => void>()
  let nextId = 1
  let worker: Worker | undefined

  const spawn = (): Worker => {
    const thread = new Worker(workerUrl, {
      // Its own small heap: it holds an order or a few at a time, never pages.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    })
    thread.unref()
    thread.on('message', (reply: LaneReply) => {
      const { id, ...result } = reply
      waiting.get(id)?.(result)
      waiting.delete(id)
    })
    const lost = (why: string) => {
      if (worker === thread) worker = undefined
      if (waiting.size > 0) console.error(`The order lane stopped (${why}); its orders get a 503.`)
      const error = { app: true as const, message: LANE_LOST, status: 503, details: {} }
      for (const answer of waiting.values()) answer({ ok: false, error })
      waiting.clear()
    }
    thread.on('error', (error) => lost(error.message))
    thread.on('exit', (code) => lost(`exit code ${code}`))
    return thread
  }

  const lane: OrderLane = {
    send: (request) =>
      new Promise<LaneResult>((resolve) => {
        const id = nextId++
        waiting.set(id, resolve)
        ;(worker ??= spawn()).postMessage({ id, ...request })
      }),
  }
  worker = spawn()
  registry.__kcOrderLane = lane
  return lane
}

/** The lane's error made an Error again, so errorResponse maps it as if thrown here. */
export function errorOf(error: LaneError): Error {
  if (error.app) {
    if (error.status === 503) return new ServiceBusy(error.message)
    return new AppError(error.message, error.status, error.details)
  }
  return Object.assign(new Error(error.message), {
    ...(error.name ? { name: error.name } : {}),
    ...(error.code ? { code: error.code } : {}),
    ...(error.constraint ? { constraint: error.constraint } : {}),
  })
}

/** An error thrown on the lane, as it crosses to the main thread. */
export function laneErrorOf(error: unknown): LaneError {
  if (error instanceof AppError)
    return { app: true, message: error.message, status: error.status, details: error.details }
  const { message, name, code, constraint } = (error ?? {}) as Record<string, unknown>
  return {
    app: false,
    message: typeof message === 'string' ? message : String(error),
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
  }
}
