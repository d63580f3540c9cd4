// @ts-check
/**
 * `npm start` (production) and `npm run dev`: the shop's launcher. It prepares (in a child that
 * exits when done: settings, the build when missing or stale, secrets, the database), runs the
 * embedded PostgreSQL, then one server process per core on the one port (node:cluster, with this
 * process as the primary), and starts any that dies again, for ever. SIGINT or SIGTERM stops
 * the servers, then PostgreSQL, so that nothing is left running.
 *
 * Plain JavaScript on Node's own modules, with no TypeScript loader: this process stays up for
 * months, and stays small (under 60 MB) for it. PostgreSQL is never stopped because a server
 * crashed; a server that can never start (a bad setting: exit code 78) stops the shop, as only
 * on its first start does that mean the shop's setup is wrong.
 */
import { PreparationFailed, prepare } from './lib/preparation.mjs'
import { runPostgres } from './lib/postgres-process.mjs'
import { startServers } from './lib/server-cluster.mjs'

const dev = process.argv.includes('--dev')
const log = (/** @type {string} */ line) => console.log(line)
const warn = (/** @type {string} */ line) => console.error(line)

/** @type {ReturnType<typeof runPostgres> | undefined} */
let postgres
/** @type {ReturnType<typeof startServers> | undefined} */
let servers
let stopping = false

const preparation = prepare({
  dev,
  runPostgres: async (spec) => {
    postgres = runPostgres(spec, log)
    await postgres.ready
    log(`Embedded PostgreSQL ready on 127.0.0.1:${spec.port} (data: ${spec.pgdata})`)
  },
})

/**
 * @param {NodeJS.Signals} signal
 * @param {number} [code]
 */
async function shutdown(signal, code = 0) {
  if (stopping) return
  stopping = true
  await preparation.stop()
  await servers?.stop(signal)
  await postgres?.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  const plan = await preparation.plan
  if (!stopping) {
    servers = startServers({
      count: plan.servers,
      execArgv: [...heapFlags(plan.heapMb), '--import', 'tsx'],
      env: {
        ...plan.env,
        NODE_ENV: dev ? 'development' : 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: process.env.PORT || '3000',
        // glibc gives each of libvips' threads its own malloc arena, which image work leaves
        // holding hundreds of MB; two arenas keep an upload's memory returned (sharp's advice).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        // Blocks of 64 kB and more (a request body's chunks, a 64 MB import) are mapped apart
        // and returned when freed. Left to itself glibc raises this threshold after the first
        // large free, and the next import's chunks stay in its heap: a 64 MB import then peaked
        // at 503-547 MB instead of 463-471 MB (tests/int/import-limits.test.ts).
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
      },
      say: log,
      log: warn,
      cannotStart: (reason) => {
        warn(`${reason} Stopping the shop: starting it again would fail the same way.`)
        void shutdown('SIGTERM', 1)
      },
    })
  }
} catch (error) {
  if (!(error instanceof PreparationFailed))
    warn(error instanceof Error ? error.message : `${error}`)
  await shutdown('SIGTERM', 1)
}

/**
 * V8 sizes its heap for the machine (4 GB here): under load Next's per-request garbage then
 * lets a server grow past 700 MB before collecting. A young generation of 3 × 8 MB and an old
 * one capped at SERVER_HEAP_MB (340) keep each server near 300-350 MB. With 3 × 2 MB a page's
 * render outlived the young generation: its garbage was promoted and collected again in the old
 * one, and a first view of a product page took 18 ms of CPU instead of 14 (bench/README.md,
 * issue 42).
 * Under the real-traffic mix a server uses about 100 MB of it (renders bounded, source maps off);
 * a CSV import streams and adds some tens of MB. The cap is per process: on 2 cores two servers
 * near 330 MB each, PostgreSQL and this launcher stay under 1 GB.
 * @param {number} heapMb
 */
function heapFlags(heapMb) {
  return ['--max-semi-space-size=8', `--max-old-space-size=${heapMb}`]
}
