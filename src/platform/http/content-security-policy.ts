import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type http from 'node:http'

import { env } from '@/env'

/**
 * The Content-Security-Policy of every page the shop serves (docs/architecture.md, "The pages'
 * Content-Security-Policy"). Scripts are held strictly: the shop's own files ('self': the build's
 * chunks, the service worker) and the inline scripts Next writes into a page, each named by a
 * nonce or a hash; never 'unsafe-inline', so markup that finds its way into a page (a product's
 * text, a name typed in /cms) cannot run.
 *
 * A page gets its names one of two ways, as it is made one of two ways:
 * - a shared answer (the storefront, a product's page: shared-answers.ts) is one body held in
 *   memory and sent to everyone, with one ETag and three codings. A nonce must be new and secret
 *   on every response, which such a body cannot be; so its inline scripts are hashed once, when it
 *   is stored, and the hashes go out as its policy (the same bytes, the same policy).
 * - a page Next renders for one request (/admin, /cms, a buyer's account, a 404) gets a new
 *   nonce: set on the request's CSP header, where Next reads it and writes it on every script it
 *   puts in the page, and sent with the answer.
 *
 * Neither uses 'strict-dynamic': a shared page's <script src> tags carry no nonce, so 'self' must
 * allow them, and 'strict-dynamic' would ignore 'self'.
 *
 * Styles allow 'unsafe-inline': Next puts the CSS in the page (experimental.inlineCss), and React
 * and Payload's panel write style attributes, which no nonce or hash can name (a nonce or hash in
 * style-src would even switch 'unsafe-inline' off). CSS runs no script.
 */
export type ScriptNames =
  { nonce: string; hashes?: readonly string[] } | { nonce?: undefined; hashes: readonly string[] }

export const CSP_HEADER = 'content-security-policy'

/** The one page whose form leaves the shop: the PayFast hand-over (docs/payments.md). */
export const PAYFAST_HAND_OVER_PATH = '/payfast/pay'

export function pagePolicy(
  scripts: ScriptNames,
  dev = env().NODE_ENV !== 'production',
  { payfastForm = false }: { payfastForm?: boolean } = {},
): string {
  const inline = [...(scripts.nonce ? [`'nonce-${scripts.nonce}'`] : []), ...(scripts.hashes ?? [])]
  return [
    "default-src 'self'",
    // React's development build rebuilds server stacks with eval; the production build never does.
    ['script-src', "'self'", ...inline, ...(dev ? ["'unsafe-eval'"] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // A product's photo may be any https:// address (imageURL); uploads are previewed from blob:.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post to the shop, except the PayFast hand-over's signed form, which goes to PayFast.
    ['form-action', "'self'", ...(payfastForm ? payfastFormTargets() : [])].join(' '),
    // No page of the shop is meant to be inside another site's frame (clickjacking), nor does
    // the shop frame itself.
    "frame-ancestors 'none'",
  ].join('; ')
}

/** PayFast, live and sandbox, and PAYFAST_BASE_URL's origin where the tests point it. */
function payfastFormTargets(): string[] {
  const base = env().PAYFAST_BASE_URL
  return [
    'https://www.payfast.co.za',
    'https://sandbox.payfast.co.za',
    ...(base ? [new URL(base).origin] : []),
  ].filter((origin, i, all) => all.indexOf(origin) === i)
}

/** A nonce for one response: 128 random bits, in the base64 Next's nonce reader accepts. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SRC = /(?:^|\s)src\s*=/i
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i
const SCRIPT_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i

/**
 * The CSP source of each inline script `html` runs, as `'sha256-…'`, each once. A data block
 * (`application/ld+json`) runs nothing and needs none. The hash is of the text the browser sees:
 * its parser turns CR LF and a lone CR into LF before a script is read.
 */
export function inlineScriptHashes(html: Buffer | string): string[] {
  const text = typeof html === 'string' ? html : html.toString('utf8')
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of text.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue
    const type = TYPE.exec(attributes)
    if (type && !SCRIPT_TYPES.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue
    const source = body.replace(/\r\n?/g, '\n')
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** The hashes of the inline scripts of the pages Next prerendered at build time. */
let prerenderedScripts: readonly string[] = []

/**
 * A page Next prerendered at build time (its `_global-error`, shown when a page cannot be
 * rendered at all) is sent as it was written then, its inline scripts without the request's
 * nonce: their hashes, read from the build once at start-up, name them instead.
 */
export function allowPrerenderedPages(distDir: string): void {
  const app = path.join(distDir, 'server', 'app')
  const pages = fs.existsSync(app)
    ? fs.readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))
    : []
  prerenderedScripts = [
    ...new Set(pages.flatMap((page) => inlineScriptHashes(fs.readFileSync(path.join(app, page))))),
  ]
}

/**
 * Gives a request that Next answers on its own a new nonce: on the request's CSP header, where
 * Next finds it, and on the answer if it is a page. Whatever CSP headers the client sent are
 * dropped first, or a client could choose the nonce. Only a page gets the policy: on a PDF it
 * would stop Chromium's viewer (object-src), and JSON and images run nothing.
 */
export function nonceForPage(req: http.IncomingMessage, res: http.ServerResponse): void {
  delete req.headers['content-security-policy-report-only']
  const nonce = newNonce()
  const path = (req.url ?? '').split('?')[0]
  const options = { payfastForm: path === PAYFAST_HAND_OVER_PATH }
  const policy = pagePolicy({ nonce }, undefined, options)
  req.headers[CSP_HEADER] = policy
  const writeHead = res.writeHead
  // Node sends implicit headers (a first write, a bare end()) through writeHead as well. A shared
  // answer passed on for a buyer brings its own policy, with its hashes.
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (
      headerOf(this, args, CSP_HEADER) === undefined &&
      isHtml(headerOf(this, args, 'content-type'))
    ) {
      const prerendered = headerOf(this, args, 'x-nextjs-prerender') !== undefined
      this.setHeader(
        CSP_HEADER,
        prerendered
          ? pagePolicy({ nonce, hashes: prerenderedScripts }, undefined, options)
          : policy,
      )
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}

export const isHtml = (type: string | undefined) => /^\s*text\/html\b/i.test(type ?? '')

/** A header of the answer: given to writeHead (an object or raw pairs), or set before it. */
function headerOf(res: http.ServerResponse, args: unknown[], name: string): string | undefined {
  const given = args.findLast((arg) => typeof arg === 'object' && arg !== null)
  const flat: unknown[] = Array.isArray(given) ? given.flat() : Object.entries(given ?? {}).flat()
  for (let i = 0; i + 1 < flat.length; i += 2)
    if (String(flat[i]).toLowerCase() === name) return String(flat[i + 1])
  const set = res.getHeader(name)
  return set === undefined ? undefined : String(set)
}
