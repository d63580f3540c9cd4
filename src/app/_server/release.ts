import fs from 'node:fs'
import path from 'node:path'

let release: string | undefined

/**
 * The release this process serves, which names the service worker's shell: the hash of the
 * sources it was built from (scripts/lib/build-stamp.ts), so instances built apart from the same
 * code agree and a phone moving between them keeps one shell; Next's random BUILD_ID where there
 * is no stamp. Empty in development, where no worker is installed (it would keep stale code).
 */
export function currentRelease(): string {
  if (process.env.NODE_ENV !== 'production') return ''
  if (release === undefined) {
    const read = (file: string) => {
      try {
        return fs.readFileSync(path.join(process.cwd(), '.next', file), 'utf8').trim()
      } catch {
        return ''
      }
    }
    release = read('kc-build-stamp').slice(0, 16) || read('BUILD_ID')
  }
  return release
}
