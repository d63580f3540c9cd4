import fs from 'node:fs'
import zlib from 'node:zlib'

type RouteStats = { route: string; firstLoadChunkPaths: string[] }

/** One first-load chunk of a route, as the build wrote it (compile hint included). */
export type FirstLoadChunk = { path: string; rawBytes: number; gzipBytes: number }

/**
 * A route's first-load JavaScript, from Next's route bundle stats of the last build: gzip -9 of
 * each chunk (the build's count), the Brotli copies the server actually sends, and how many
 * chunks carry Payload code (none should, on the storefront).
 */
export function firstLoadJs(route = '/', distDir = '.next') {
  const stats = JSON.parse(
    fs.readFileSync(`${distDir}/diagnostics/route-bundle-stats.json`, 'utf8'),
  ) as RouteStats[]
  const found = stats.find((r) => r.route === route)
  if (!found) throw new Error(`No route ${route} in ${distDir}/diagnostics/route-bundle-stats.json`)
  const chunks: FirstLoadChunk[] = []
  let sent = 0
  let payloadChunks = 0
  for (const chunk of found.firstLoadChunkPaths) {
    const bytes = fs.readFileSync(chunk)
    chunks.push({
      path: chunk,
      rawBytes: bytes.length,
      gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
    })
    // What the server sends a browser that takes Brotli: the build's precompressed copy.
    sent += fs.statSync(`${chunk}.br`).size
    if (/@payloadcms|payload-config|PayloadComponent/.test(bytes.toString('utf8'))) payloadChunks++
  }
  return {
    chunks: chunks.length,
    rawBytes: chunks.reduce((sum, c) => sum + c.rawBytes, 0),
    gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    brotliBytesSent: sent,
    payloadChunks,
    eachChunk: chunks,
  }
}
