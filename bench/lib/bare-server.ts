import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../scripts/lib/embedded-postgres'

/**
 * The bare baseline: node:http in a process of its own (bench/bare-http.ts) sending `body` from
 * memory, as the shop's answer would be sent with no framework in between; `encoding` names the
 * coding `body` is already in.
 */
export async function bareServer(body: Buffer, encoding?: 'gzip' | 'br') {
  const file = path.join(
    os.tmpdir(),
    `kc-bench-${process.pid}-${Math.random().toString(36).slice(2)}.body`,
  )
  fs.writeFileSync(file, body)
  const port = await freePort()
  const child = fork(
    path.join(import.meta.dirname, '..', 'bare-http.ts'),
    [String(port), file, ...(encoding ? [encoding] : [])],
    {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    },
  )
  await new Promise((resolve) => child.once('message', resolve))
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill()
      fs.rmSync(file, { force: true })
    },
  }
}
