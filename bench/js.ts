/**
 * `npm run bench:js`: the storefront's first-load JavaScript for `/` (or the route given as the
 * first argument), gzip -9 of each first-load chunk from the last build's route bundle stats,
 * the same count `bench:web` reports, without starting a server or Lighthouse. Run it after
 * `npm run build`.
 */
import { firstLoadJs } from './lib/first-load-js'

const route = process.argv[2] ?? '/'
const js = firstLoadJs(route)
const kB = (n: number) => (n / 1000).toFixed(1)
console.table(
  js.eachChunk.map((c) => ({
    chunk: c.path,
    'raw kB': kB(c.rawBytes),
    'gzip kB': kB(c.gzipBytes),
  })),
)
console.log(
  `First-load JS for ${route}: ${kB(js.gzipBytes)} kB gzipped (${kB(js.rawBytes)} kB raw, ${js.chunks} chunks), sent as ${kB(js.brotliBytesSent)} kB of Brotli; chunks with Payload code: ${js.payloadChunks}`,
)
