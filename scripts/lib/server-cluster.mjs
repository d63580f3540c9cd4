// @ts-check
/**
 * The shop's server processes: node:cluster workers running scripts/server.ts, with the
 * launcher as the cluster's primary. The primary holds the listening socket and hands each new
 * connection to a worker in turn, so a worker that dies takes only its own connections with it:
 * the others keep answering, and no connection is refused while it is started again.
 *
 * A crashed server is always started again, never given up on (see restart-policy.mjs for the
 * pauses). The times of the restarts go to every server over the cluster's IPC channel, and
 * /api/health reports them as degraded (src/boot/supervision.ts).
 */
import cluster from 'node:cluster'

import { crashCause, failedStartsAfter, keepTail, restartPause } from './restart-policy.mjs'

const CANNOT_START_EXIT_CODE = 78 // src/boot/exit-codes.ts
const WINDOW_MS = 60_000
/** stderr older than this when a server dies is not why it died. */
const LAST_WORDS_MS = 5_000

/**
 * @typedef {object} Slot One of the shop's server processes, across its restarts.
 * @property {number} number 1 … count, for the log
 * @property {import('node:cluster').Worker} [worker]
 * @property {boolean} ready the current worker has started up (its health check says ok)
 * @property {number} failedStarts servers in a row that failed to start (restart-policy.mjs)
 * @property {Buffer} stderr the current worker's last words
 * @property {number} stderrAt when it last wrote to stderr
 * @property {NodeJS.Timeout} [restart]
 * @property {boolean} waiting due to start, once another is ready (see wake)
 */

/**
 * @param {object} options
 * @param {number} options.count how many server processes
 * @param {Record<string, string>} options.env what the servers get beside the launcher's own
 * @param {string[]} options.execArgv Node flags (heap limits, tsx)
 * @param {(line: string) => void} options.say what goes well
 * @param {(line: string) => void} options.log what goes wrong
 * @param {(reason: string) => void} options.cannotStart a first start that can never work
 */
export function startServers({ count, env, execArgv, say, log, cannotStart }) {
  cluster.setupPrimary({
    exec: 'scripts/server.ts',
    execArgv,
    // stderr passes through the launcher, which keeps its last 4 kB to say why a server died.
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  })
  /** @type {Slot[]} */
  const slots = Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    ready: false,
    failedStarts: 0,
    stderr: Buffer.alloc(0),
    stderrAt: 0,
    waiting: i > 0,
  }))
  /** @type {number[]} */
  let restarts = []
  let everReady = false
  let stopping = false

  const tellRestarts = (/** @type {import('node:cluster').Worker} */ worker) => {
    if (worker.isConnected()) worker.send({ type: 'restarts', restarts }, undefined, () => {})
  }

  /**
   * While no server is ready, servers start one at a time: the first gets the machine's every
   * core and the shop is back sooner (two Next servers starting at once on 2 cores each took
   * nearly twice as long), and on a new database it migrates and seeds alone. Once one is ready
   * the others due start together.
   */
  const wake = () => {
    if (stopping) return
    for (const slot of slots) {
      const anyReady = slots.some((s) => s.worker && s.ready)
      const starting = slots.some((s) => s.worker && !s.ready)
      if (slot.waiting && (anyReady || !starting)) start(slot)
    }
  }

  const start = (/** @type {Slot} */ slot) => {
    slot.restart = undefined
    slot.waiting = false
    slot.ready = false
    slot.stderr = Buffer.alloc(0)
    const worker = cluster.fork(env)
    slot.worker = worker
    worker.process.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
      process.stderr.write(chunk)
      slot.stderr = keepTail(slot.stderr, chunk)
      slot.stderrAt = Date.now()
    })
    worker.on('message', (/** @type {{ type?: unknown }} */ message) => {
      if (message?.type === 'restarts?') tellRestarts(worker)
      // An owner's write, which the other servers must not answer from their caches either.
      if (message?.type === 'announce-all') {
        for (const other of slots) {
          if (other.worker && other.worker !== worker && other.worker.isConnected()) {
            other.worker.send({ type: 'announce-all' }, undefined, () => {})
          }
        }
      }
      if (message?.type !== 'ready' || slot.worker !== worker) return
      slot.ready = true
      slot.failedStarts = 0
      say(`The shop's server ${slot.number} of ${count} is ready (pid ${worker.process.pid}).`)
      everReady = true
      wake()
    })
    worker.once('exit', async (code, signal) => {
      if (stopping || slot.worker !== worker) return
      slot.worker = undefined
      wake()
      // Its last words (V8's "heap out of memory") may still be in the pipe when it exits; one
      // killed outright said none.
      if (signal !== 'SIGKILL') await Promise.race([closed(worker), sleep(500)])
      if (stopping) return
      const lastWords = Date.now() - slot.stderrAt < LAST_WORDS_MS ? slot.stderr.toString() : ''
      const cause = crashCause(code, signal, lastWords)
      if (code === CANNOT_START_EXIT_CODE && !everReady) {
        cannotStart(`The shop's server could not start (${cause}).`)
        return
      }
      slot.failedStarts = failedStartsAfter(slot.failedStarts, { ready: slot.ready, code, signal })
      const pause = restartPause(slot.failedStarts)
      const now = Date.now()
      restarts = [...restarts.filter((at) => at > now - WINDOW_MS), now]
      log(
        `The shop's server ${slot.number} (pid ${worker.process.pid}) stopped (${cause}); ` +
          `starting it again in ${pause / 1000} s. ` +
          `${restarts.length} ${restarts.length === 1 ? 'restart' : 'restarts'} in a minute.`,
      )
      for (const other of slots) if (other.worker) tellRestarts(other.worker)
      slot.restart = setTimeout(() => {
        slot.waiting = true
        wake()
      }, pause)
    })
  }
  for (const first of slots.slice(0, 1)) start(first)

  /**
   * Passes the signal on to every server (each gives requests in flight 7 s) and waits for them
   * all; past 9 s one is stopped outright.
   * @param {NodeJS.Signals} signal
   */
  const stop = async (signal) => {
    stopping = true
    for (const slot of slots) clearTimeout(slot.restart)
    const running = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []))
    await Promise.all(
      running.map(async (worker) => {
        if (worker.isDead()) return
        const exited = new Promise((resolve) => worker.once('exit', resolve))
        worker.process.kill(signal)
        const timer = setTimeout(() => worker.process.kill('SIGKILL'), 9_000)
        await exited
        clearTimeout(timer)
      }),
    )
  }
  return { stop }
}

/** @param {import('node:cluster').Worker} worker */
function closed(worker) {
  return new Promise((resolve) => worker.process.once('close', resolve))
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
