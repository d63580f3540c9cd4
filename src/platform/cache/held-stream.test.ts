import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const feed = vi.hoisted(() => ({ listeners: new Set<(topic: string) => void>() }))
vi.mock('@/platform/db/change-feed', () => ({
  feedIsLive: () => true,
  onChange: (listener: (topic: string) => void) => {
    feed.listeners.add(listener)
    return () => feed.listeners.delete(listener)
  },
}))

const { MAX_PRODUCTIONS, productionsRunning, sendHeldStream } = await import('./held-stream')

/** A write the change feed announces. */
const announce = (topic: string) => feed.listeners.forEach((listener) => listener(topic))

type Run = { started: number; stopped: number }
const runs: Run = { started: 0, stopped: 0 }
let version = '1'

async function* list(): AsyncGenerator<string> {
  runs.started++
  try {
    yield '['
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setTimeout(r, 5))
      const items = Array.from({ length: 200 }, (_, j) => JSON.stringify({ sku: `S-${i}-${j}` }))
      yield (i ? ',' : '') + items.join(',')
    }
    yield ']'
  } finally {
    runs.stopped++
  }
}

const server = http.createServer((req, res) => {
  const plan = {
    view: 'shop whole list',
    version,
    tags: ['products'],
    headers: { 'content-type': 'application/json' },
    produce: () => list(),
  }
  void sendHeldStream(req, res, plan, 'gzip').then((sent) => {
    if (sent) return
    res.writeHead(299)
    res.end('streamed by the caller')
  })
})
let url = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
const get = (onFirst?: (res: http.IncomingMessage) => void) =>
  new Promise<Answer>((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => {
          chunks.push(c)
          if (chunks.length === 1) onFirst?.(res)
        })
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
const products = (answer: Answer) => JSON.parse(zlib.gunzipSync(answer.body).toString()) as []
const until = async (done: () => boolean) => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(done()).toBe(true)
}

describe('a held stream', () => {
  it('is made once for everyone who asks while it is made, then sent from memory', async () => {
    const answers = await Promise.all([get(), get(), get()])
    expect(runs.started).toBe(1)
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(products(answer)).toHaveLength(60 * 200)
    }
    await until(() => productionsRunning() === 0)
    const held = await get()
    expect(runs.started).toBe(1)
    expect(Number(held.headers['content-length'])).toBe(held.body.byteLength)
    expect(held.headers.etag).toMatch(/^"[\w-]{22}"$/)
    expect(products(held)).toEqual(products(answers[0]!))
  })

  it('sends the last copy while a new version is made, then the new one', async () => {
    const before = runs.started
    version = '2'
    const meanwhile = await get()
    expect(meanwhile.headers['content-length']).toBeDefined()
    expect(runs.started).toBe(before + 1)
    await until(() => productionsRunning() === 0)
    const etag = meanwhile.headers.etag
    const next = await get()
    expect(next.headers['content-length']).toBeDefined()
    // The same text, so the same tag: a 304 for whoever holds it.
    expect(next.headers.etag).toBe(etag)
    expect(runs.started).toBe(before + 1)
  })

  it(`runs at most ${MAX_PRODUCTIONS} at once when writes overtake them, finishing each for its readers`, async () => {
    const paused: http.IncomingMessage[] = []
    const pause = (res: http.IncomingMessage) => {
      res.pause()
      paused.push(res)
    }
    announce('products')
    const first = get(pause)
    await until(() => paused.length === 1)
    announce('products')
    const second = get(pause)
    await until(() => paused.length === 2)
    expect(productionsRunning()).toBe(MAX_PRODUCTIONS)
    announce('products')
    const third = await get()
    expect(third.status).toBe(299)
    for (const res of paused) res.resume()
    for (const answer of await Promise.all([first, second]))
      expect(products(answer)).toHaveLength(60 * 200)
  })

  it('stops a production a write overtook once nobody reads it', async () => {
    await until(() => productionsRunning() === 0)
    const stopped = runs.stopped
    const reading = new Promise<void>((resolve) => {
      const req = http.get(url, (res) => res.once('data', () => (req.destroy(), resolve())))
      req.on('error', () => undefined)
    })
    await reading
    announce('products')
    await until(() => runs.stopped === stopped + 1 && productionsRunning() === 0)
  })
})
