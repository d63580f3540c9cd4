import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const INPUTS = [
  'src',
  'public',
  'payload.config.ts',
  'next.config.mjs',
  'tsconfig.json',
  'package-lock.json',
  // What is done to the build after `next build`: compile hints, precompressed copies, the worker.
  'scripts/lib/ensure-build.ts',
  'scripts/lib/compile-hints.ts',
  'scripts/lib/precompress.ts',
  'scripts/lib/service-worker.ts',
]
const STAMP = path.join('.next', 'kc-build-stamp')

/**
 * A hash of everything `next build` reads from the project and of the steps that finish the
 * build, to tell a current build from a stale one.
 */
export function sourceHash(root = process.cwd()): string {
  const hash = createHash('sha256')
  const visit = (rel: string) => {
    const abs = path.join(root, rel)
    if (!fs.existsSync(abs)) return
    const stat = fs.statSync(abs)
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(abs).sort()) visit(path.join(rel, entry))
    } else {
      hash.update(rel).update('\0').update(fs.readFileSync(abs)).update('\0')
    }
  }
  INPUTS.forEach(visit)
  return hash.digest('hex')
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP)
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')) || !fs.existsSync(stamp)) return false
  return fs.readFileSync(stamp, 'utf8').trim() === sourceHash(root)
}

export function writeBuildStamp(root = process.cwd()): void {
  fs.writeFileSync(path.join(root, STAMP), `${sourceHash(root)}\n`)
}
