import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { inlineScriptHashes, nonceForPage, pagePolicy } from './content-security-policy'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, and not script files or data blocks', () => {
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script>self.__next_f.push([1,"é"])</script>',
      '<script id="_R_">one()</script><script>self.__next_f.push([1,"é"])</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module">two()</script>',
      '<script data-src="x">three()</script>',
    ].join('')
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([
      sha('self.__next_f.push([1,"é"])'),
      sha('one()'),
      sha('two()'),
      sha('three()'),
    ])
  })

  it('hashes the text as the browser reads it, with its line ends made LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha('a()\nb()\nc()')])
  })
})

describe('pagePolicy', () => {
  it('names the scripts it allows, and nothing inline besides', () => {
    const hashed = pagePolicy({ hashes: [sha('a()')] }, false)
    expect(hashed).toContain(`script-src 'self' ${sha('a()')};`)
    expect(hashed).not.toMatch(/unsafe-eval|strict-dynamic/)
    expect(pagePolicy({ nonce: 'abc=' }, false)).toContain("script-src 'self' 'nonce-abc=';")
    expect(pagePolicy({ nonce: 'abc=' }, true)).toContain("'nonce-abc=' 'unsafe-eval';")
  })

  it('lets forms leave the shop only for PayFast, and only from the hand-over page', () => {
    expect(pagePolicy({ nonce: 'abc=' }, false)).toContain("form-action 'self';")
    expect(pagePolicy({ nonce: 'abc=' }, false, { payfastForm: true })).toContain(
      "form-action 'self' https://www.payfast.co.za https://sandbox.payfast.co.za;",
    )
  })
})

describe('nonceForPage', () => {
  let server: http.Server
  let base: string
  /** The CSP header each request reached the handler with. */
  const seen: (string | undefined)[] = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      nonceForPage(req, res)
      seen.push(req.headers['content-security-policy'] as string | undefined)
      const kind = req.url!.slice(1)
      if (kind === 'page') {
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end('<p>hi</p>')
      } else if (kind === 'page-in-write-head') {
        res.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>gone</p>')
      } else if (kind === 'own-policy') {
        res.writeHead(200, ['content-type', 'text/html', 'content-security-policy', 'mine'])
        res.end()
      } else {
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it("sends a page the nonce Next was handed on the request, a new one each time, never the client's", async () => {
    const policies = []
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/page`, {
        headers: {
          'content-security-policy': "script-src 'nonce-chosen'",
          'content-security-policy-report-only': "script-src 'nonce-chosen'",
        },
      })
      policies.push(res.headers.get('content-security-policy'))
    }
    expect(policies[0]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/)
    expect(policies[1]).not.toBe(policies[0])
    expect(seen.slice(-2)).toEqual(policies)
    expect(policies.join()).not.toContain('chosen')
  })

  it('leaves an answer that is not a page, or has its own policy, as it is', async () => {
    const gone = await fetch(`${base}/page-in-write-head`)
    expect(gone.headers.get('content-security-policy')).toMatch(/'nonce-/)
    expect((await fetch(`${base}/own-policy`)).headers.get('content-security-policy')).toBe('mine')
    expect((await fetch(`${base}/pdf`)).headers.get('content-security-policy')).toBeNull()
  })
})
