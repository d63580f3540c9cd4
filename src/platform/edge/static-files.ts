import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'

import { matchesEtag } from '@/platform/http/etag'
import { CACHE_FOREVER } from '@/platform/http/http'

export const STATIC_PREFIX = '/_next/static/'

/** The build files that get precompressed copies (scripts/lib/precompress.ts), by extension. */
export const PRECOMPRESSED_TYPES = new Map([
  ['.js', 'application/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
])

export type Encoding = 'br' | 'gzip'
type Encoded = { body: Buffer; etag: string }
type StaticAsset = { type: string } & Record<Encoding, Encoded>

/** The build's precompressed scripts and stylesheets, by URL path. */
export type StaticAssets = ReadonlyMap<string, StaticAsset>

/**
 * Loads every script and stylesheet of `<distDir>/static` that has both precompressed copies
 * into memory (1.6 MB for this shop), keyed by the path Next serves it under. A file
 * without them is left out, and Next serves it as before.
 */
export function loadStaticAssets(distDir: string): StaticAssets {
  const assets = new Map<string, StaticAsset>()
  const root = path.join(distDir, 'static')
  if (!fs.existsSync(root)) return assets
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
  for (const relative of files) {
    const type = PRECOMPRESSED_TYPES.get(path.extname(relative))
    const file = path.join(root, relative)
    if (!type || !fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`)) continue
    const encoded = (encoding: Encoding, suffix: string): Encoded => {
      const body = fs.readFileSync(file + suffix)
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 24)
      return { body, etag: `"${hash}-${encoding}"` }
    }
    assets.set(STATIC_PREFIX + relative.split(path.sep).join('/'), {
      type,
      br: encoded('br', '.br'),
      gzip: encoded('gzip', '.gz'),
    })
  }
  return assets
}

/**
 * The coding to send for an Accept-Encoding header: Brotli when it is accepted at least as
 * readily as gzip, else gzip, else none (the request then goes to Next, which sends the file as
 * it is). A q of 0 refuses a coding; `*` stands for every coding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const q = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name, Number.isFinite(value) ? value : 0)
  }
  const weight = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

/**
 * Answers GET and HEAD for the build's scripts and stylesheets with their precompressed copy,
 * from memory: Brotli or gzip as the browser accepts, cached for a year like Next's own (the
 * names carry a content hash), and 304 for a matching If-None-Match. Returns false for anything
 * else (another path, a file without copies, a client that takes neither coding): Next answers.
 */
export function serveStaticAsset(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  assets: StaticAssets,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
  const asset = assets.get(req.url.split('?')[0]!)
  if (!asset) return false
  const encoding = pickEncoding(req.headers['accept-encoding'])
  if (!encoding) return false
  const { body, etag } = asset[encoding]
  const headers = {
    'cache-control': CACHE_FOREVER,
    vary: 'Accept-Encoding',
    etag,
  }
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers)
    res.end()
    return true
  }
  res.writeHead(200, {
    ...headers,
    'content-type': asset.type,
    'content-encoding': encoding,
    'content-length': body.byteLength,
    'x-content-type-options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
