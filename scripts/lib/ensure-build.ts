import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

import { buildIsCurrent, writeBuildStamp } from './build-stamp'
import { addCompileHints } from './compile-hints'
import { precompressStatic } from './precompress'
import { buildServiceWorker } from './service-worker'

export const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next')

/**
 * Runs `next build` (always, or only when the last build is missing or stale), marks the
 * storefront's first-load chunks with V8's compile hint, writes the Brotli and gzip copies the
 * server sends and the service worker without its comments, and stamps the build.
 */
export function ensureBuild({ force = false } = {}): void {
  if (!force && buildIsCurrent()) return
  console.log('Building the shop for production (about a minute on 2 cores)…')
  const started = Date.now()
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`)
  const hinted = addCompileHints('.next')
  console.log(`Marked the storefront's ${hinted.length} chunks for eager compilation.`)
  console.log(`Precompressed ${precompressStatic('.next')} scripts and stylesheets.`)
  console.log(`Service worker: ${buildServiceWorker('.next')} bytes in Brotli.`)
  writeBuildStamp()
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
}
