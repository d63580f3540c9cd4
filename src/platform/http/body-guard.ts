import type http from 'node:http'
import type { Socket } from 'node:net'

import { bodyLimitOf, type BodyLimit } from '@/platform/http/body-limits'
import { JSON_HEADERS } from '@/platform/http/http'
import { PayloadTooLarge } from '@/shared/errors'
import { QueueFull, Semaphore } from '@/shared/semaphore'

/**
 * Up to this limit a body without a declared length (chunked) is gathered before the request is
 * handed on, so that one over its limit is refused before anything runs; a larger family's
 * (uploads, imports) streams to its handler as it is counted.
 */
export const GATHER_UP_TO = 1_000_000

/**
 * How long a connection whose body was not read takes to close after its answer. Closing at once
 * resets it while the client is still sending, and most clients then report the reset, never the
 * 413: the answer is written, the sending side closed and reading stopped, so the client reads
 * the answer while its own writes wait; then the connection is dropped.
 */
const LINGER_MS = 2_000

/**
 * Large bodies are read whole by their handlers (an import's text, twice while parsed; a /cms
 * upload's bytes, teed for the guard and Payload): so many at once is what the 340 MB heap
 * holds. Others wait their turn, unread; past `waiting`, a 429.
 */
const LANES = {
  imports: { slots: new Semaphore(1), waiting: 8 },
  uploads: { slots: new Semaphore(2), waiting: 16 },
} as const
const LANE_OF: Partial<Record<string, keyof typeof LANES>> = {
  'product-import': 'imports',
  'price-list-import': 'imports',
  'bank-statement': 'imports',
  'cms-upload': 'uploads',
  'product-create': 'uploads',
  'payment-proof': 'uploads',
}

/**
 * Holds a request's body to its family's limit (body-limits.ts) while the bytes arrive, and calls
 * `proceed` when the request may go on. A declared Content-Length over the limit is answered 413
 * before anything is read. Otherwise every chunk Node's parser delivers is counted where it enters
 * the request (`push`, which Next's and Payload's readers all read through): past the limit the
 * rest is dropped, the answer is 413 and the connection is closed, so the client's remaining
 * bytes are never read.
 */
export function guardBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  proceed: () => void,
): void {
  const limit = bodyLimitOf(req.method ?? 'GET', req.url ?? '/')
  const declared = declaredLength(req)
  if (declared === 0 && req.headers['transfer-encoding'] === undefined) return proceed()
  closeWhenUnread(req, res)
  if (declared > limit.bytes) return refuse(res, 413, tooLargeMessage(limit))
  // Node's parser never delivers more than a declared length (what follows would be the next
  // request), so such a body is within its limit already; it is counted all the same.
  const gather = declared < 0 && limit.bytes <= GATHER_UP_TO
  let handedOn = false
  const handOn = () => {
    handedOn = true
    proceed()
  }
  const push = req.push.bind(req)
  let received = 0
  let cut = false
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (cut) return false
    if (chunk === null) {
      req.push = push
      const pushed = push(null)
      // Out of the parser's callback: the handler then starts as any request's does.
      if (gather) setImmediate(handOn)
      return pushed
    }
    received += (chunk as Buffer).length
    if (received > limit.bytes) {
      cut = true
      if (res.headersSent) req.socket.destroy()
      else if (handedOn) failRead(req, limit)
      else refuse(res, 413, tooLargeMessage(limit))
      return false
    }
    // While gathering, the parser is told to go on reading: the body (within its limit) waits
    // in the request's buffer until the handler reads it.
    return push(chunk, encoding) || gather
  }
  if (gather) return
  const lane = LANE_OF[limit.family]
  if (!lane) return handOn()
  const { slots, waiting } = LANES[lane]
  slots
    .run(() => {
      if (res.writableEnded || req.destroyed) return Promise.resolve()
      handOn()
      return new Promise((done) => res.once('close', done))
    }, waiting)
    .catch((error: unknown) => {
      if (!(error instanceof QueueFull)) throw error
      refuse(res, 429, 'Too many large uploads at once: try again shortly.', {
        'retry-after': '5',
      })
    })
}

/**
 * A handler reading a body that went past its limit gets a 413 error from its read and answers
 * 413 itself (two answers to one request cannot both be sent): `readChunks` (body.ts) knows it by
 * its status, as Next's bundle has its own copy of the error classes. Only the request stream
 * fails: the connection stays open for that answer, then closes (closeWhenUnread).
 */
function failRead(req: http.IncomingMessage, limit: BodyLimit): void {
  req._destroy = (error, callback) => callback(error)
  // Its reader listens for it; without any listener an error would end the process.
  req.on('error', () => undefined)
  req.destroy(new PayloadTooLarge(limit.bytes))
}

/** The declared Content-Length, or -1 when there is none (chunked). */
function declaredLength(req: http.IncomingMessage): number {
  const header = req.headers['content-length']
  if (header === undefined) return -1
  const length = Number(header)
  return Number.isFinite(length) ? length : -1
}

/** Answers at once; the connection is then closed (closeWhenUnread), the rest never parsed. */
function refuse(
  res: http.ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...JSON_HEADERS, ...headers, connection: 'close' })
  res.end(JSON.stringify({ error }))
}

/**
 * An answer given before its body was all read (a 413, or a handler's 401) ends the connection,
 * lingering (LINGER_MS): Node would otherwise read and throw away whatever the client still
 * sends on a kept-alive connection, or reset it at once on a closed one.
 */
function closeWhenUnread(req: http.IncomingMessage, res: http.ServerResponse): void {
  // Whether the connection is kept is said in the answer's head (Node's shouldKeepAlive): one
  // that goes out before its body is all in says close, or a client may send its next request
  // on a connection about to be closed under it ("other side closed").
  const writeHead = res.writeHead as (...args: unknown[]) => http.ServerResponse
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!req.complete) this.shouldKeepAlive = false
    return writeHead.apply(this, args)
  } as typeof res.writeHead
  res.once('prefinish', () => {
    if (req.complete) return
    const socket = req.socket
    // Node's own close of a `connection: close` answer, which would reset it.
    socket.destroySoon = () => closeLingering(socket)
  })
  res.once('finish', () => {
    if (!req.complete) closeLingering(req.socket)
  })
}

const lingering = new WeakSet<Socket>()

function closeLingering(socket: Socket): void {
  if (lingering.has(socket)) return
  lingering.add(socket)
  socket.end()
  // Node's server resumes reading on the next tick to throw the rest of a body away (req._dump
  // after the answer): a socket that can be resumed reads at full speed until it is destroyed.
  socket.pause()
  socket.resume = () => socket
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

function tooLargeMessage(limit: BodyLimit): string {
  return new PayloadTooLarge(limit.bytes).message
}
