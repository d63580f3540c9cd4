import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { get } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct } from '../helpers/factories'
import { staffToken } from '../helpers/staff'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126 Mobile'

type Page = { policy: Map<string, string[]>; html: string }

/** The page at `path`, as a browser gets it, with its policy's directives by name. */
async function page(path: string, headers: Record<string, string> = {}, status = 200) {
  const res = await get(path, { headers: { 'accept-encoding': 'br, gzip', ...headers } })
  expect(res.status, path).toBe(status)
  expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
  const header = res.headers.get('content-security-policy')
  expect(header, `${path} has a Content-Security-Policy`).toBeTruthy()
  const policy = new Map<string, string[]>()
  for (const directive of header!.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/)
    if (name) policy.set(name, sources)
  }
  return { policy, html: await res.text() }
}

/** The inline scripts a browser would run: no src, and no data-block type. */
function inlineScripts(html: string): { nonce?: string; text: string }[] {
  const scripts = []
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue
    scripts.push({ nonce: /\snonce="([^"]*)"/.exec(attributes)?.[1], text })
  }
  return scripts
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The policy every page carries, and every inline script of the page allowed by it. */
function expectStrict(path: string, { policy, html }: Page): 'nonce' | 'hashes' {
  const scripts = policy.get('script-src') ?? []
  expect(scripts, path).toContain("'self'")
  expect(scripts, path).not.toContain("'unsafe-inline'")
  expect(scripts, path).not.toContain("'unsafe-eval'")
  expect(policy.get('default-src'), path).toEqual(["'self'"])
  expect(policy.get('object-src'), path).toEqual(["'none'"])
  expect(policy.get('base-uri'), path).toEqual(["'self'"])
  expect(policy.get('form-action'), path).toEqual(["'self'"])
  expect(policy.get('frame-ancestors'), path).toEqual(["'none'"])
  const inline = inlineScripts(html)
  // Next writes its bootstrap and the page's data as inline scripts: none, and this proves nothing.
  expect(inline.length, path).toBeGreaterThan(0)
  for (const script of inline) {
    const allowed =
      (script.nonce !== undefined && scripts.includes(`'nonce-${script.nonce}'`)) ||
      scripts.includes(sha256(script.text))
    expect(allowed, `${path}: ${script.text.slice(0, 80)}`).toBe(true)
  }
  // Script files only from the shop itself.
  for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/g))
    expect(src, path).toMatch(/^\/(?!\/)/)
  return scripts.some((source) => source.startsWith("'nonce-")) ? 'nonce' : 'hashes'
}

describe('the Content-Security-Policy of every page', () => {
  it('names the inline scripts of the shared pages by their hashes', async () => {
    const product = await buildProduct({ name: 'Sunlight Soap 12-pack' })
    const buyer = await signedInBuyer(null)
    const shared: [string, Record<string, string>][] = [
      ['/', {}],
      ['/', { 'user-agent': PHONE }],
      ['/', { 'save-data': 'on' }],
      [`/?q=${encodeURIComponent('Sunlight')}`, {}],
      [`/p/${product.sku}`, {}],
      ['/', { cookie: buyer.cookie }],
      [`/p/${product.sku}`, { cookie: buyer.cookie }],
    ]
    for (const [path, headers] of shared) {
      // A miss, rendered and stored, then the copy held.
      for (let i = 0; i < 2; i++) {
        const shared = await page(path, headers)
        expect(expectStrict(path, shared)).toBe('hashes')
        expect(shared.html).not.toMatch(/\snonce="/)
      }
    }
    // A page only of its request (the product is not there), through the same door.
    expect(expectStrict('/p/NO-SUCH-SKU', await page('/p/NO-SUCH-SKU', {}, 404))).toBe('hashes')
  })

  it("gives every page rendered for one request a nonce of its own, which Next writes on the page's scripts", async () => {
    const buyer = await signedInBuyer(null)
    const staff = `payload-token=${await staffToken()}`
    const own: [string, Record<string, string>, number?][] = [
      ['/admin', {}],
      ['/cms/login', {}],
      ['/cms', { cookie: staff }],
      ['/cms/collections/products', { cookie: staff }],
      ['/account/sign-in', {}],
      ['/account/setup?token=not-a-token', {}],
      ['/account/statement', { cookie: buyer.cookie }],
      ['/privacy', {}],
      ['/no-such-page', {}, 404],
      ['/admin/no-such-page', {}, 404],
    ]
    for (const [path, headers, status] of own) {
      const first = await page(path, headers, status)
      expect(expectStrict(path, first)).toBe('nonce')
      const second = await page(path, headers, status)
      expect(second.policy.get('script-src'), `${path}: a new nonce each time`).not.toEqual(
        first.policy.get('script-src'),
      )
    }
  })

  it('names the scripts of the page Next prerendered for an error by their hashes', async () => {
    // Written at build time, its inline scripts carry no nonce: blocked, it could not even offer
    // its "Try again".
    const error = await page('/_global-error', {}, 500)
    expect(error.html).not.toMatch(/\snonce="/)
    expect(expectStrict('/_global-error', error)).toBe('nonce')
  })

  it('never takes a nonce from the request', async () => {
    const chosen = "script-src 'nonce-Y2hvc2VuQnlUaGVDbGllbnQ='"
    for (const name of ['content-security-policy', 'content-security-policy-report-only']) {
      const sent = await page('/account/sign-in', { [name]: chosen })
      expect(expectStrict('/account/sign-in', sent)).toBe('nonce')
      expect(sent.html).not.toContain('Y2hvc2VuQnlUaGVDbGllbnQ=')
    }
  })

  it('sends no policy with downloads and JSON, which run nothing', async () => {
    for (const path of ['/api/delivery-areas', '/manifest.webmanifest', '/robots.txt']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-security-policy'), path).toBeNull()
    }
  })
})
