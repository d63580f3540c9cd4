import fs from 'node:fs'
import path from 'node:path'

let release: string | undefined

/**
 * The build this process serves (Next's BUILD_ID), which names the service worker's shell;
 * empty in development, where no worker is installed (it would keep stale code).
 */
export function currentRelease(): string {
  if (process.env.NODE_ENV !== 'production') return ''
  if (release === undefined) {
    try {
      release = fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim()
    } catch {
      release = ''
    }
  }
  return release
}
