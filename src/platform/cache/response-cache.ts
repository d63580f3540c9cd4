import { randomBytes } from 'node:crypto'
import type http from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { looksLikePhone } from '@/platform/http/phone-hint'
import { announceHere, feedIsLive, onChange } from '@/platform/db/change-feed'
import { DATABASE_RETRY_AFTER_SECONDS } from '@/platform/http/http'
import { Microcache } from './microcache'
import { pickEncoding } from '@/platform/edge/static-files'

/**
 * The storefront's public reads, shared for a second between everyone who asks: `/` (with any
 * search or category) and paged or searched `GET /api/products`. Without it each request renders
 * the page through React or runs its queries again; with it a busy second costs one render per
 * address, and the rest are bytes from memory (see Microcache for how stale an entry may be:
 * never more than 1.8 s, within the 2 s the shop promises for stock).
 *
 * A miss is loaded by asking this same server for the address over loopback with a bypass
 * header, the way nginx's proxy_cache asks its upstream: Next renders it exactly as it would
 * have, and the answer is kept with its headers, in Brotli and gzip too. The shopper's cookies
 * are not sent on, so nothing in a shared answer can belong to one person.
 */
export type CachedResponse = {
  status: number
  headers: Record<string, string>
  identity: Buffer
  gzip: Buffer
  br: Buffer
}

/** Held at most; a page is ~75 kB in its three codings, a page of products ~20 kB. */
const MAX_BYTES = 16 * 1024 * 1024
const FRESH_MS = 1000
const STALE_MS = 1800

/** Headers that describe one transfer, not the answer. */
const HOP_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
])

/** Requests from Next's client router ask for an RSC payload, not the page. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
]

/** Sent by the server to itself on a miss; random per process, so no one else can bypass. */
const BYPASS_HEADER = 'x-kc-render'
const bypassToken = randomBytes(16).toString('hex')

const responses = new Microcache<CachedResponse>(
  {
    freshMs: FRESH_MS,
    staleMs: STALE_MS,
    maxBytes: MAX_BYTES,
    trusted: feedIsLive,
    keep: (response) => response.status === 200 && !('set-cookie' in response.headers),
  },
  (response) => response.identity.byteLength + response.gzip.byteLength + response.br.byteLength,
)
onChange(() => responses.invalidate())

/**
 * The key a request's answer is shared under, or undefined when it must go to Next on its own.
 * The page differs only by address and by whether it guesses a phone (phone-hint.ts).
 */
export function sharedResponseKey(req: http.IncomingMessage): string | undefined {
  if (req.method !== 'GET' || !req.url || !feedIsLive()) return undefined
  // Only an origin-form target ("/path?query"): the miss is fetched as origin + req.url.
  if (!req.url.startsWith('/') || req.url.startsWith('//')) return undefined
  if (req.headers[BYPASS_HEADER] === bypassToken) return undefined
  if (ROUTER_HEADERS.some((name) => name in req.headers)) return undefined
  // The owner's reads are the owner's (stock filters answer only them): never shared.
  if ('x-admin-key' in req.headers) return undefined
  const url = new URL(req.url, 'http://shop')
  if (url.searchParams.has('_rsc')) return undefined
  if (url.pathname === '/api/products' && url.search) return `api ${req.url}`
  if (url.pathname !== '/') return undefined
  const phone = looksLikePhone(
    headerText(req.headers['user-agent']),
    headerText(req.headers['sec-ch-ua-mobile']),
  )
  return `${phone ? 'phone' : 'desk'} ${req.url}`
}

/** Where the owner and staff write: the dashboard's calls, quick edit, and Payload's own API. */
const OWNER_WRITES = /^\/(api\/admin\/|api\/products(\/|\?|$)|cms\/api\/)/

/**
 * Lets whoever changed the catalogue read the change back at once. The change feed would tell
 * this process too, but a moment later, and the dashboard asks again as soon as the write is
 * answered; so a successful owner write drops this process's caches as its answer's headers go
 * out, after the write has committed (a load begun before then is not kept). A shopper's order
 * changes only stock, which shared answers may show late by the 2 s the shop allows.
 */
export function readOwnWrites(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return
  if (!OWNER_WRITES.test(req.url ?? '')) return
  const writeHead = res.writeHead
  // Node sends implicit headers (a bare end()) through writeHead as well.
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (args[0] < 400) announceHere()
    return writeHead.apply(this, args)
  } as typeof writeHead
}

function headerText(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null)
}

/**
 * Sends the shared answer for `key`, loading it through `origin` (this server) when it is not
 * held. Whatever Next answered (a 400, a 503 while the database is away) is passed on as it is;
 * only a load that got no answer at all is a 503 here.
 */
export async function sendSharedResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  key: string,
  origin: string,
): Promise<void> {
  let response: CachedResponse
  try {
    response = await responses.get(key, () => loadFrom(origin, req))
  } catch (error) {
    // Only this server failing to answer itself (it is stopping): nothing was done, so retry.
    console.error('Could not render', req.url, error instanceof Error ? error.message : error)
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    })
    res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }))
    return
  }
  const encoding = pickEncoding(req.headers['accept-encoding'])
  const body = encoding ? response[encoding] : response.identity
  res.writeHead(response.status, {
    ...response.headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': body.byteLength,
  })
  res.end(body)
}

async function loadFrom(origin: string, req: http.IncomingMessage): Promise<CachedResponse> {
  const headers: Record<string, string> = {
    [BYPASS_HEADER]: bypassToken,
    'accept-encoding': 'identity',
  }
  for (const name of ['user-agent', 'sec-ch-ua-mobile']) {
    const value = headerText(req.headers[name])
    if (value !== null) headers[name] = value
  }
  const answer = await fetch(origin + req.url, { headers, redirect: 'manual' })
  const identity = Buffer.from(await answer.arrayBuffer())
  const kept: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) kept[name] = value
  })
  if (!/accept-encoding/i.test(kept.vary ?? ''))
    kept.vary = kept.vary ? `${kept.vary}, Accept-Encoding` : 'Accept-Encoding'
  // On libuv's threads: busy addresses are loaded again every second, and compressing the page
  // on the event loop held every other request behind it.
  const [gzip, br] = await Promise.all([
    gzipAsync(identity),
    brotliAsync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
  ])
  return { status: answer.status, headers: kept, identity, gzip, br }
}

const gzipAsync = promisify(zlib.gzip)
const brotliAsync = promisify(zlib.brotliCompress)
