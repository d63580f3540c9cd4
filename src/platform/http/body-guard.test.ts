import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drainedOrClosed } from '../../../tests/helpers/drained'

import { PayloadTooLarge } from '@/shared/errors'

import { guardBody } from './body-guard'

/*
 * The front door's counting on a bare node:http server, with a handler that reads the body the
 * way Next hands it to a route (the IncomingMessage iterated): what reaches the handler, what is
 * answered, and how much of a client's body the server ever takes in.
 */

let server: http.Server
let port: number
/** What the handler read, per request path. */
const read = new Map<string, number>()

beforeAll(async () => {
  server = http.createServer((req, res) => {
    guardBody(req, res, () => {
      void (async () => {
        let size = 0
        try {
          for await (const chunk of req) size += (chunk as Buffer).length
        } catch (error) {
          // As the shop's handlers do (errorResponse): a PayloadTooLarge is their 413.
          if (!(error instanceof PayloadTooLarge)) throw error
          res.writeHead(413).end(JSON.stringify({ error: error.message, from: 'handler' }))
          return
        }
        read.set(req.url!, size)
        if (!res.headersSent) res.end(JSON.stringify({ size }))
      })()
    })
  })
  server.listen(0)
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(() => server.close())

type Sent = { status: number; body: string; sent: number }

/** Sends `size` bytes (declared or chunked), stopping once answered; never more than asked. */
function send(path: string, size: number, chunked: boolean, method = 'POST'): Promise<Sent> {
  // Node's client frames a GET's body only when told to.
  const headers = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }
  const req = http.request({ port, path, method, headers, agent: false })
  const block = Buffer.alloc(64 * 1024, 'a')
  let sent = 0
  let answered = false
  return new Promise((resolve) => {
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body, sent }))
      res.on('error', () => resolve({ status: res.statusCode!, body, sent }))
    })
    req.on('error', (error) => !answered && resolve({ status: 0, body: String(error), sent }))
    void (async () => {
      while (sent < size && !answered && !req.destroyed) {
        const chunk = block.subarray(0, Math.min(block.length, size - sent))
        sent += chunk.length
        if (!req.write(chunk)) await drainedOrClosed(req)
      }
      if (!answered && !req.destroyed) req.end()
    })()
  })
}

const MB = 1024 * 1024

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('guardBody', () => {
  it('refuses a declared length over the limit at once, reading none of it', async () => {
    const answer = await send('/cms/api/users/login', 600 * MB, false)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Request body is too large (limit 8 kB).',
    })
    expect(answer.sent).toBeLessThan(8 * MB)
    expect(read.has('/cms/api/users/login')).toBe(false)
  })

  it('gathers a small family’s chunked body before the handler runs, and cuts one too large', async () => {
    const fits = await send('/api/orders', 90_000, true)
    expect(fits.status).toBe(200)
    expect(JSON.parse(fits.body)).toEqual({ size: 90_000 })
    const over = await send('/api/account/sign-in', 600 * MB, true)
    expect(over.status).toBe(413)
    expect(over.sent).toBeLessThan(8 * MB)
    expect(read.has('/api/account/sign-in')).toBe(false)
  })

  it('streams a large family’s body to its handler, counted, and cuts it at the limit', async () => {
    const fits = await send('/cms/api/media', 5.5 * MB, true)
    expect(fits.status).toBe(200)
    expect(JSON.parse(fits.body)).toEqual({ size: 5.5 * MB })
    const over = await send('/api/admin/price-lists/1/prices', 600 * MB, true)
    expect(over.status).toBe(413)
    // The handler was reading it: its read failed, and it answered.
    expect(JSON.parse(over.body)).toEqual({
      error: 'Request body is too large (limit 32 MB).',
      from: 'handler',
    })
    expect(over.sent).toBeLessThan(32 * MB + 8 * MB)
    expect(read.has('/api/admin/price-lists/1/prices')).toBe(false)
  })

  it('bounds a body sent with a GET, and lets requests without one through', async () => {
    expect((await send('/api/health', 60 * MB, true, 'GET')).status).toBe(413)
    expect((await send('/api/health', 60 * MB, false, 'GET')).status).toBe(413)
    expect((await send('/api/health', 0, false, 'GET')).status).toBe(200)
  })

  it('stops reading a refused body for good, however long its client keeps sending', async () => {
    // A client too busy to see the 413 at once (ten uploads at once on a loaded machine) goes on
    // writing. Node's server resumes an answered request's socket on the next tick to throw the
    // rest away; resumed, it read ~30 MB more in CI before the linger's end.
    const socketRead = new Promise<number>((resolve) =>
      server.once('request', (req: http.IncomingMessage) =>
        req.socket.once('close', () => resolve(req.socket.bytesRead)),
      ),
    )
    const req = http.request({
      port,
      path: '/cms/api/users/login',
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      agent: false,
    })
    req.on('error', () => undefined)
    const block = Buffer.alloc(64 * 1024, 'a')
    const until = Date.now() + 1_000
    while (Date.now() < until && !req.destroyed) {
      if (!req.write(block)) await Promise.race([drainedOrClosed(req), sleep(20)])
    }
    req.destroy()
    // Within the limit (8 kB), what one read takes in, and nothing of what the kernel holds.
    expect(await socketRead).toBeLessThan(1 * MB)
  })

  it('holds ten at once of each, answering every one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(i % 2 ? '/api/admin/products/import' : '/cms/api/graphql', 600 * MB, i % 4 < 2),
      ),
    )
    for (const answer of answers) expect([413, 429]).toContain(answer.status)
  })
})

describe('an answer given before its body is all in', () => {
  const keptAlive = new http.Agent({ keepAlive: true })
  afterAll(() => keptAlive.destroy())

  /** Posts two bytes, the body `delayMs` after the head, on a kept-alive connection. */
  const post = (at: number, delayMs: number) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({
        port: at,
        path: '/api/orders',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '2' },
        agent: keptAlive,
      })
      req.on('response', resolve).on('error', reject)
      req.flushHeaders()
      setTimeout(() => req.end('{}'), delayMs)
    })

  it('says Connection: close, so no next request is sent on a connection about to close', async () => {
    // As the shop's front door answers a path it refuses: at once, the body unread.
    const early = http.createServer((req, res) =>
      guardBody(req, res, () => res.writeHead(404).end()),
    )
    early.listen(0)
    await once(early, 'listening')
    try {
      const answer = await post((early.address() as AddressInfo).port, 150)
      expect(answer.statusCode).toBe(404)
      expect(answer.headers.connection).toBe('close')
      answer.resume()
    } finally {
      early.close()
    }
  })

  it('keeps the connection when the body was read before the answer', async () => {
    const answer = await post(port, 0)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers.connection).toBe('keep-alive')
    answer.resume()
  })
})
