// @ts-check
/**
 * When and why: how long the launcher waits before starting a crashed server again, and what it
 * says about the crash. Plain JavaScript with no imports: the launcher stays small.
 */

export const FIRST_PAUSE_MS = 1_000
export const LONGEST_PAUSE_MS = 60_000
/** How much of a server's stderr the launcher keeps to say why it stopped. */
export const STDERR_TAIL_BYTES = 4_096

/**
 * The pause before a server is started again. A server that had started up (migrated, seeded,
 * answering) and then died, or one killed from outside (the kernel's OOM killer, `kill -9`), is
 * started again after 1 s: starting again helps. One that ends itself before it is ready (an
 * error or a fault at start-up, which the next start would likely repeat) makes the next pause
 * twice as long, up to a minute: 1, 2, 4 … 60 s. The next server that starts up brings the pause
 * back to 1 s.
 * @param {number} failedStarts servers in a row, this one included, that failed to start
 */
export function restartPause(failedStarts) {
  const doublings = Math.min(Math.max(failedStarts - 1, 0), 16)
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** doublings)
}

/** Signals a process gets for its own fault, not from someone outside. */
const FAULTS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGSYS', 'SIGTRAP'])

/**
 * The count of failed starts in a row once a server has stopped (see restartPause).
 * @param {number} before
 * @param {{ ready: boolean, code: number | null, signal: string | null }} stopped
 */
export function failedStartsAfter(before, { ready, code, signal }) {
  if (ready) return 0
  const ownFault = signal ? FAULTS.has(signal) : code !== 0
  return ownFault ? before + 1 : before
}

/**
 * The last `max` bytes of what a process wrote: a server that logs for months keeps 4 kB.
 * @param {Buffer} tail
 * @param {Buffer} chunk
 * @param {number} [max]
 */
export function keepTail(tail, chunk, max = STDERR_TAIL_BYTES) {
  if (chunk.length >= max) return Buffer.from(chunk.subarray(chunk.length - max))
  const joined = Buffer.concat([tail, chunk])
  return joined.length > max ? Buffer.from(joined.subarray(joined.length - max)) : joined
}

/**
 * Why a server stopped, for the log: its exit code or signal, and what V8 or Node said last when
 * that says what happened (a heap out of memory, a fatal error, an uncaught exception).
 * @param {number | null} code
 * @param {string | null} signal
 * @param {string} stderrTail
 */
export function crashCause(code, signal, stderrTail) {
  const how = signal ? `signal ${signal}` : `exit code ${code}`
  const said = lastWords(stderrTail)
  return said ? `${how}: ${said}` : how
}

/** @param {string} tail */
function lastWords(tail) {
  if (/JavaScript heap out of memory/.test(tail)) return 'JavaScript heap out of memory'
  const lines = tail
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const fatal = lines.findLast((line) => /^(FATAL ERROR|Uncaught|\w*Error\b)/.test(line))
  return fatal ? fatal.slice(0, 200) : undefined
}
