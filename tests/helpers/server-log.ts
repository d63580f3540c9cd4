import fs from 'node:fs'
import path from 'node:path'

import { inject } from 'vitest'

const logFile = () => path.join(inject('dataDir'), 'server.log')

/**
 * The shared shop's log from now on: `read()` gives what it wrote since this was called, and
 * `errors()` the lines of it that are an error or a stack frame.
 */
export function logFromNow() {
  const start = fs.statSync(logFile()).size
  const read = () => {
    const text = fs.readFileSync(logFile())
    return text.subarray(start).toString('utf8')
  }
  const errors = () =>
    read()
      .split('\n')
      .filter((line) => /\bERROR\b|^\s+at \S|Unexpected error/.test(line))
  return { read, errors }
}
