import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { secureCookies, withSecure } from './secure-cookies'

/*
 * The front door's Secure on every cookie of an https request, on a bare node:http server whose
 * handler sets cookies as Next and Payload do: set before the answer (one or several), passed to
 * writeHead as an object or a raw list.
 */

let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    secureCookies(req, res, { TRUST_PROXY: 1 })
    const how = new URL(req.url!, 'http://shop').searchParams.get('how')
    if (how === 'set') {
      res.setHeader('Set-Cookie', ['payload-token=a; Path=/; HttpOnly', 'b=2; Secure'])
      res.end('page')
    } else if (how === 'object') res.writeHead(200, { 'Set-Cookie': 'kc_buyer=c; Path=/' }).end()
    else res.writeHead(200, ['set-cookie', 'kc-first-account=d; Path=/cms', 'x-a', '1']).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const cookiesOf = async (how: string, proto?: string) => {
  const res = await fetch(`${base}/?how=${how}`, {
    headers: proto ? { 'x-forwarded-proto': proto } : {},
  })
  return res.headers.getSetCookie()
}

describe('secureCookies', () => {
  it('marks every cookie Secure when the trusted proxy says https, however it was set', async () => {
    expect(await cookiesOf('set', 'https')).toEqual([
      'payload-token=a; Path=/; HttpOnly; Secure',
      'b=2; Secure',
    ])
    expect(await cookiesOf('object', 'http, https')).toEqual(['kc_buyer=c; Path=/; Secure'])
    expect(await cookiesOf('list', 'https')).toEqual(['kc-first-account=d; Path=/cms; Secure'])
  })

  it('leaves the cookies of a plain http request as they were set', async () => {
    expect(await cookiesOf('set')).toEqual(['payload-token=a; Path=/; HttpOnly', 'b=2; Secure'])
    expect(await cookiesOf('object', 'https, http')).toEqual(['kc_buyer=c; Path=/'])
    expect(await cookiesOf('list', 'http')).toEqual(['kc-first-account=d; Path=/cms'])
  })

  it('adds the attribute once', () => {
    expect(withSecure('a=1; secure')).toBe('a=1; secure')
    expect(withSecure('a=secure')).toBe('a=secure; Secure')
  })
})
