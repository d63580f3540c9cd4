import http from 'node:http'

import { bareServer } from './bare-server'
import { httpClient } from './http-client'
import { quantile, type Answer } from './tally'

/** Issue 42, item 6: product pages no one has asked for yet, each a render of its own. */
export const FIRST_PAGE_CONNECTIONS = 10
export const FIRST_PAGE_SKUS = 2_000
/** Each sku is asked this many times in all, at random moments: mostly a first view. */
const ASKS_PER_SKU = 1
/** Pages outside the measured ones, asked first so the server's code is loaded and compiled. */
const WARM_PAGES = 200

const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html' }

/** `count` distinct entries of `list`, drawn at random across all of it. */
function drawn<T>(list: readonly T[], count: number): T[] {
  const copy = [...list]
  for (let i = 0; i < Math.min(count, copy.length); i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy.slice(0, count)
}

/** `paths` asked by `connections` loops on keep-alive sockets, one after the other each. */
async function load(baseURL: string, paths: readonly string[], connections: number) {
  const client = httpClient(baseURL, connections, 15_000)
  const answers: Answer[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length)
        answers.push(await client.send(paths[next++]!, { headers: BROWSER }))
    }),
  )
  const seconds = (performance.now() - started) / 1000
  client.close()
  const bad = answers.filter((answer) => answer.status !== 200)
  return {
    requests: answers.length,
    rps: Math.round(answers.length / seconds),
    p50: Math.round(
      quantile(
        answers.map((answer) => answer.ms),
        0.5,
      ),
    ),
    p99: Math.round(
      quantile(
        answers.map((answer) => answer.ms),
        0.99,
      ),
    ),
    bad: bad.length,
    firstBad: bad.slice(0, 3).map((answer) => `${answer.status} ${answer.error ?? ''}`),
  }
}

/**
 * 10 connections over 2,000 skus drawn at random from the whole catalogue, in random order: each
 * page is rendered on its first ask (nothing is warmed but other pages), against bare node:http
 * sending one such page's bytes (as the shop sent them, Brotli) to the same 10 connections.
 */
export async function firstPages(baseURL: string, skus: readonly string[]) {
  const picked = drawn(skus, FIRST_PAGE_SKUS + WARM_PAGES)
  const measured = picked.slice(0, FIRST_PAGE_SKUS)
  const pathOf = (sku: string) => `/p/${encodeURIComponent(sku)}`
  const warmed = await load(
    baseURL,
    picked.slice(FIRST_PAGE_SKUS).map(pathOf),
    FIRST_PAGE_CONNECTIONS,
  )
  const asks = drawn(
    measured.flatMap((sku) => Array.from({ length: ASKS_PER_SKU }, () => pathOf(sku))),
    measured.length * ASKS_PER_SKU,
  )
  const shop = await load(baseURL, asks, FIRST_PAGE_CONNECTIONS)
  const body = await rawBody(`${baseURL}${asks[0]}`)
  const bare = await bareServer(body)
  try {
    const baseline = await load(
      bare.url,
      Array.from({ length: Math.max(asks.length, 20_000) }, () => '/'),
      FIRST_PAGE_CONNECTIONS,
    )
    return {
      skus: measured.length,
      warmed: warmed.requests,
      bytes: body.byteLength,
      shop,
      bare: baseline,
      ratio: shop.rps / baseline.rps,
    }
  } finally {
    bare.stop()
  }
}

/** The body as sent on the wire (Brotli), not decoded as fetch would. */
function rawBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(Buffer.concat(chunks)))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}
