import fs from 'node:fs'
import path from 'node:path'

import ts from 'typescript'

import { SERVICE_WORKER_FILE } from '../../src/platform/edge/static-files'
import { writeCompressedCopies } from './precompress'

/** The service worker as written: hand-written, commented, checked by lint like the rest. */
export const SERVICE_WORKER_SOURCE = 'src/client/offline/service-worker.js'

/**
 * Writes the service worker the server sends as `/sw.js`: its source without comments, with
 * Brotli and gzip copies. Every first visit downloads it, so its comments are not sent (the
 * Brotli copy is about 3.1 kB, where Next sent the commented source in gzip). Returns its size.
 */
export function buildServiceWorker(distDir: string): number {
  const source = fs.readFileSync(SERVICE_WORKER_SOURCE, 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { removeComments: true, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: false,
  })
  const file = path.join(distDir, SERVICE_WORKER_FILE)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, outputText)
  writeCompressedCopies(file)
  return fs.statSync(`${file}.br`).size
}
