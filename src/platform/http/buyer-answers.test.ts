import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { holdBuyerAnswers } from './buyer-answers'

/*
 * The front door's hold on a buyer's answers, on a bare node:http server whose handler answers as
 * Next and the shop's own code do: a header set before the answer, one passed to writeHead (as an
 * object or a raw list), or none and a bare end().
 */

let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    holdBuyerAnswers(req, res)
    const how = new URL(req.url!, 'http://shop').searchParams.get('how')
    if (how === 'set') {
      res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
      res.end('page')
    } else if (how === 'object') res.writeHead(200, { 'Cache-Control': 'private, no-cache' }).end()
    else if (how === 'list') res.writeHead(200, ['cache-control', 'no-store', 'x-a', '1']).end()
    else res.end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const ask = (path: string, cookie?: string) =>
  fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })

describe('holdBuyerAnswers', () => {
  it("makes every answer that depends on a buyer's sign-in private, no-store, however it was set", async () => {
    const paths = ['/', '/p/ABC-1', '/api/products', '/api/account/statement', '/account/statement']
    for (const path of paths) {
      for (const how of ['set', 'object', 'list', 'bare']) {
        const res = await ask(`${path}?how=${how}`, 'theme=dark; kc_buyer=token')
        expect(res.headers.get('cache-control'), `${path} ${how}`).toBe('private, no-store')
      }
    }
  })

  it("leaves a guest's answers and the addresses no sign-in changes as they were set", async () => {
    expect((await ask('/p/ABC-1?how=object')).headers.get('cache-control')).toBe(
      'private, no-cache',
    )
    const preview = await ask('/p/ABC-1/preview.jpg?how=object', 'kc_buyer=token')
    expect(preview.headers.get('cache-control')).toBe('private, no-cache')
    const privacy = await ask('/privacy?how=bare', 'kc_buyer=token')
    expect(privacy.headers.get('cache-control')).toBeNull()
  })

  it("says a guest's priced answers are a guest's, and leaves a buyer's to say whose they are", async () => {
    for (const path of ['/', '/?q=soap', '/p/ABC-1', '/api/products?limit=5'])
      expect((await ask(path)).headers.get('x-kc-sign-in'), path).toBe('none')
    expect((await ask('/privacy')).headers.get('x-kc-sign-in')).toBeNull()
    expect((await ask('/api/products', 'kc_buyer=token')).headers.get('x-kc-sign-in')).toBeNull()
  })
})
