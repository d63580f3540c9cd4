import type http from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import type { Pool } from 'pg'

import { answerOrderCall } from '@/modules/orders/order-call'
import { orderLane } from '@/modules/orders/order-lane'
import { BUYER_COOKIE, cookieValue } from '@/platform/http/cookies'

/**
 * A guest's `POST /api/orders`, answered here rather than by Next: the same function Next's
 * route runs (modules/orders/order-call.ts), without Next's routing, its request and response
 * streams and its compression, which cost an order more of the main thread than the order's own
 * work (bench/README.md, "Placing an order with delivery days"). A signed-in buyer's order still
 * goes to Next's route, which looks the buyer up with Payload at hand; so does every order in a
 * process without an order lane. Returns false when the request is not one it answers.
 */
export function answerGuestOrder(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pool: Pool,
): boolean {
  if (req.method !== 'POST' || !isOrdersPath(req.url ?? '')) return false
  if (cookieValue(req.headers.cookie, BUYER_COOKIE) !== undefined || !orderLane()) return false
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: 'POST',
    headers: headersOf(req),
    body: Readable.toWeb(req) as WebReadableStream<Uint8Array> as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit)
  void answerOrderCall(request, {
    buyerOf: () => Promise.resolve(undefined),
    pool: () => Promise.resolve(pool),
  }).then(
    async (response) => {
      const body = Buffer.from(await response.text())
      res.writeHead(response.status, {
        ...Object.fromEntries(response.headers),
        'content-length': body.length,
      })
      res.end(body)
    },
    (error: unknown) => res.destroy(error as Error),
  )
  return true
}

const isOrdersPath = (url: string) => url === '/api/orders' || url.startsWith('/api/orders?')

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}
