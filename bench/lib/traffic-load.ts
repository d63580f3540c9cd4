import { randomUUID } from 'node:crypto'

import type { ShopServer } from '../../tests/helpers/shop-server'
import { orderBody } from '../fixtures'
import { httpClient } from './http-client'
import { Tally, type Answer } from './tally'
import { KINDS, nextRequest, type Catalogue, type ShopperKind } from './traffic-mix'

export type TrafficOptions = {
  seconds: number
  shoppers: number
  orderEveryMs: number
  exportEveryMs: number
  timeoutMs: number
  /** The one product every order buys (its stock is far beyond what a run can sell). */
  orderSku: string
  /** Ends the traffic early when it settles (a test's import), whatever `seconds` says. */
  until?: Promise<unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

/**
 * How long a shopper waits before asking again after no answer or a 503: a person reloads after
 * a moment, a browser waits Retry-After. Asking again at once would turn one dead second into
 * thousands of failures and measure the client's loop, not the shop.
 */
function pauseAfter(answer: Answer): number {
  if (answer.status === 503) return Math.min(10, Number(answer.retryAfter) || 1) * 1000
  return answer.status === 0 ? 1000 : 0
}

/**
 * Runs the traffic for `seconds`: `shoppers` loops each on its own keep-alive connection, an
 * order on a fixed schedule and the owner's orders export on another (both open-loop: a slow
 * answer does not delay the next, as in a shop whose customers do not wait for each other).
 * Requests under way at the end are waited for (each bounded by the timeout) and counted.
 */
export async function runTraffic(
  shop: ShopServer,
  catalogue: Catalogue,
  options: TrafficOptions,
  { tallies, orders, exports }: Traffic,
): Promise<void> {
  const pages = httpClient(shop.baseURL, options.shoppers, options.timeoutMs)
  const writes = httpClient(shop.baseURL, Infinity, options.timeoutMs)
  let end = Date.now() + options.seconds * 1000
  const stop = () => (end = Date.now())
  options.until?.then(stop, stop)

  const shopper = async (n: number) => {
    const headers = {
      'accept-encoding': 'br, gzip',
      'user-agent': n % 2 === 0 ? PHONE : DESKTOP,
    }
    while (Date.now() < end) {
      const { kind, path } = nextRequest(catalogue)
      const answer = await pages.send(path, { headers })
      tallies[kind].record(answer, path)
      const pause = pauseAfter(answer)
      if (pause) await sleep(Math.min(pause, end - Date.now()))
    }
  }

  const pending: Promise<unknown>[] = []
  const order = async () => {
    const answer = await writes.send('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(orderBody([options.orderSku])),
    })
    orders.record(answer, `POST /api/orders ${options.orderSku}`)
  }
  const exportOrders = async () => {
    const answer = await writes.send('/api/admin/orders/export', {
      headers: { 'x-admin-key': shop.adminToken, 'accept-encoding': 'gzip' },
    })
    exports.record(answer, 'GET /api/admin/orders/export')
  }
  const timers = [
    setInterval(() => pending.push(order()), options.orderEveryMs),
    setInterval(() => pending.push(exportOrders()), options.exportEveryMs),
  ]
  try {
    await Promise.all(Array.from({ length: options.shoppers }, (_, n) => shopper(n)))
  } finally {
    timers.forEach(clearInterval)
  }
  await Promise.all(pending)
  pages.close()
  writes.close()
}

/** Where runTraffic counts, readable while it runs. */
export function newTraffic() {
  return {
    tallies: Object.fromEntries(KINDS.map((kind) => [kind, new Tally()])) as Record<
      ShopperKind,
      Tally
    >,
    orders: new Tally(true),
    exports: new Tally(),
  }
}

export type Traffic = ReturnType<typeof newTraffic>

/** Totals so far, for the progress line while the traffic runs. */
export function progress(traffic: Traffic) {
  const all = Object.values(traffic.tallies)
  const sum = (of: (tally: Tally) => number) => all.reduce((total, t) => total + of(t), 0)
  return {
    requests: sum((t) => t.ms.length),
    failed: sum((t) => t.outcomes.failed),
    shed: sum((t) => t.outcomes.shed),
    ordersPlaced: traffic.orders.outcomes.ok,
    exports: traffic.exports.ms.length,
  }
}
