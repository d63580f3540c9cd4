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
type StaticAsset = { type: string; cacheControl: string; plain?: Encoded } & Record<
  Encoding,
  Encoded
>

/**
 * The service worker as the build writes it (scripts/lib/service-worker.ts), under the build
 * folder; sent as `/sw.js`, the address whose scope is the whole shop. Its address carries the
 * release, but a browser checks a worker's script for updates anyway: never cached for long.
 */
export const SERVICE_WORKER_FILE = 'kc-sw/sw.js'
const SERVICE_WORKER_PATH = '/sw.js'

/** The build's precompressed scripts and stylesheets, by URL path. */
export type StaticAssets = ReadonlyMap<string, StaticAsset>

/**
 * Loads every script and stylesheet of `<distDir>/static` that has both precompressed copies
 * into memory (1.6 MB for this shop), keyed by the path Next serves it under, and the service
 * worker. A file without them is left out, and Next serves it as before.
 */
export function loadStaticAssets(distDir: string): StaticAssets {
  const assets = new Map<string, StaticAsset>()
  const root = path.join(distDir, 'static')
  if (!fs.existsSync(root)) return assets
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
  for (const relative of files) {
    const type = PRECOMPRESSED_TYPES.get(path.extname(relative))
    const asset = type && loadAsset(path.join(root, relative), type, CACHE_FOREVER)
    if (asset) assets.set(STATIC_PREFIX + relative.split(path.sep).join('/'), asset)
  }
  const worker = loadAsset(
    path.join(distDir, SERVICE_WORKER_FILE),
    PRECOMPRESSED_TYPES.get('.js')!,
    'no-cache',
  )
  // Next has no copy of its own to send a client that takes neither coding.
  if (worker)
    assets.set(SERVICE_WORKER_PATH, {
      ...worker,
      plain: encodedFile(path.join(distDir, SERVICE_WORKER_FILE), 'plain'),
    })
  return assets
}

/** `file`'s Brotli and gzip copies, or undefined when it lacks either. */
function loadAsset(file: string, type: string, cacheControl: string): StaticAsset | undefined {
  if (!fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`)) return undefined
  return {
    type,
    cacheControl,
    br: encodedFile(`${file}.br`, 'br'),
    gzip: encodedFile(`${file}.gz`, 'gzip'),
  }
}

function encodedFile(file: string, coding: string): Encoded {
  const body = fs.readFileSync(file)
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 24)
  return { body, etag: `"${hash}-${coding}"` }
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
 * names carry a content hash; the service worker, `no-cache`), and 304 for a matching
 * If-None-Match. Returns false for anything
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
  const sent = encoding ? asset[encoding] : asset.plain
  if (!sent) return false
  const { body, etag } = sent
  const headers = {
    'cache-control': asset.cacheControl,
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
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': body.byteLength,
    'x-content-type-options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
