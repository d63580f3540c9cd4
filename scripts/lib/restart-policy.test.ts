import { describe, expect, it } from 'vitest'

import {
  LONGEST_PAUSE_MS,
  STDERR_TAIL_BYTES,
  crashCause,
  failedStartsAfter,
  keepTail,
  restartPause,
} from './restart-policy.mjs'

describe('the pause before a crashed server starts again', () => {
  it('is 1 s after a server that had started up, and doubles per failed start up to a minute', () => {
    const pauses = [0, 1, 2, 3, 4, 5, 6, 7, 8, 50, 1e6].map(restartPause)
    expect(pauses).toEqual([1000, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000])
    expect(Math.max(...pauses)).toBe(LONGEST_PAUSE_MS)
  })
})

describe('failed starts in a row', () => {
  it('grow when a server ends itself before it is ready, and only then', () => {
    const notReady = { ready: false }
    expect(failedStartsAfter(0, { ...notReady, code: 1, signal: null })).toBe(1)
    expect(failedStartsAfter(3, { ...notReady, code: 78, signal: null })).toBe(4)
    expect(failedStartsAfter(3, { ...notReady, code: null, signal: 'SIGABRT' })).toBe(4)
    expect(failedStartsAfter(3, { ...notReady, code: null, signal: 'SIGSEGV' })).toBe(4)
    // Killed from outside (the OOM killer, kill -9, an operator's SIGTERM): not its fault.
    expect(failedStartsAfter(3, { ...notReady, code: null, signal: 'SIGKILL' })).toBe(3)
    expect(failedStartsAfter(3, { ...notReady, code: 0, signal: null })).toBe(3)
    // A server that had started up brings the pause back to the shortest, however it died.
    expect(failedStartsAfter(5, { ready: true, code: 134, signal: null })).toBe(0)
    expect(restartPause(failedStartsAfter(5, { ready: true, code: 1, signal: null }))).toBe(1000)
  })

  it('a server failing at start-up waits 1, 2, 4 … 60 s', () => {
    let failed = 0
    const pauses: number[] = []
    for (let i = 0; i < 9; i++) {
      failed = failedStartsAfter(failed, { ready: false, code: 1, signal: null })
      pauses.push(restartPause(failed) / 1000)
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
  })
})

describe('the stderr a server leaves', () => {
  it('keeps only the last 4 kB however much is written', () => {
    let tail = Buffer.alloc(0)
    for (let i = 0; i < 1000; i++) tail = keepTail(tail, Buffer.from(`line ${i}\n`.repeat(7)))
    expect(tail.length).toBe(STDERR_TAIL_BYTES)
    expect(tail.toString().endsWith('line 999\n')).toBe(true)
    expect(keepTail(Buffer.alloc(0), Buffer.alloc(10_000, 'x')).length).toBe(STDERR_TAIL_BYTES)
    expect(keepTail(Buffer.from('ab'), Buffer.from('cd')).toString()).toBe('abcd')
  })
})

describe('why a server stopped', () => {
  it('names the signal or exit code, and what V8 or Node said last', () => {
    expect(crashCause(null, 'SIGKILL', '')).toBe('signal SIGKILL')
    const oom = [
      '<--- Last few GCs --->',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      ' 1: 0xb8d0a3 node::Abort() [node]',
    ].join('\n')
    expect(crashCause(134, null, oom)).toBe('exit code 134: JavaScript heap out of memory')
    const uncaught =
      'file:///x.js:3\n  throw new TypeError("boom")\n  ^\n\nTypeError: boom\n    at f\n\nNode.js v20'
    expect(crashCause(1, null, uncaught)).toBe('exit code 1: TypeError: boom')
    expect(crashCause(1, null, 'Shop ready on http://localhost:3000\n')).toBe('exit code 1')
  })
})
