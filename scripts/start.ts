/**
 * `npm start` (production) and `npm run dev`: build when the production build is missing or
 * stale, prepare secrets and the database, run Next (started again if it dies), and on SIGINT or
 * SIGTERM stop Next and then the embedded PostgreSQL so that nothing is left running.
 */
import { spawn, type ChildProcess } from 'node:child_process'

import { env } from '../src/env'
import { CANNOT_START_EXIT_CODE } from '../src/boot/exit-codes'
import { ensureBuild } from './lib/ensure-build'
import { prepareRuntime } from './lib/runtime'

const dev = process.argv.includes('--dev')
const port = process.env.PORT || '3000'

async function main(): Promise<void> {
  // A bad setting stops here with its message, not inside Next as an uncaught error. Checked as
  // the server will see them: its NODE_ENV is the launcher's to choose.
  const mode = dev ? 'development' : 'production'
  Object.assign(process.env, { NODE_ENV: mode })
  env()
  if (!dev) ensureBuild()
  const runtime = await prepareRuntime()
  let child: ChildProcess
  let shuttingDown = false
  const crashes: number[] = []

  // Supervised: a server that dies (out of memory, kill -9) is started again on the same
  // database, which keeps running; every order it acknowledged was committed first.
  const startServer = () => {
    child = spawn(process.execPath, [...heapFlags(), '--import', 'tsx', 'scripts/server.ts'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        ...runtime.env,
        NODE_ENV: mode,
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: port,
        // glibc gives each of libvips' threads its own malloc arena, which image work leaves
        // holding hundreds of MB; two arenas keep an upload's memory returned (sharp's advice).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        // Blocks of 64 kB and more (a request body's chunks, a 64 MB import) are mapped apart
        // and returned when freed. Left to itself glibc raises this threshold after the first
        // large free, and the next import's chunks stay in its heap: a 64 MB import then peaked
        // at 503-547 MB instead of 463-471 MB (tests/int/import-limits.test.ts).
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
      },
    })
    child.once('exit', (code, signal) => {
      if (shuttingDown) return
      if (code === CANNOT_START_EXIT_CODE) {
        void runtime.stop().then(() => process.exit(1))
        return
      }
      const now = Date.now()
      crashes.push(now)
      while (crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift()
      const why = signal ? `signal ${signal}` : `exit code ${code}`
      if (crashes.length >= MAX_CRASHES) {
        console.error(
          `The shop's server stopped (${why}), ${crashes.length} times within a minute: giving up. PostgreSQL is being stopped too.`,
        )
        void runtime.stop().then(() => process.exit(1))
        return
      }
      console.error(`The shop's server stopped (${why}); starting it again in 1 s.`)
      setTimeout(() => {
        if (!shuttingDown) startServer()
      }, RESTART_DELAY_MS)
    })
  }
  startServer()

  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return
    shuttingDown = true
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      // The server gives requests in flight 7 s; past 9 s it is stopped outright.
      const timer = setTimeout(() => child.kill('SIGKILL'), 9_000)
      await exited
      clearTimeout(timer)
    }
    await runtime.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

const RESTART_DELAY_MS = 1_000
const MAX_CRASHES = 5
const CRASH_WINDOW_MS = 60_000

/**
 * V8 sizes its heap for the machine (4 GB here): under load Next's per-request garbage then
 * lets the server grow past 700 MB before collecting. A young generation of 3 × 2 MB and an old
 * one capped at SERVER_HEAP_MB (340) keep it near 300 MB serving the same load as fast, on a
 * 1 GB machine; a 200,000-row or 64 MB CSV import peaks under 480 MB RSS (tests/int/import-limits).
 * The 64 MB import needs nearly all of that heap: at 320 it ran out once the app grew.
 */
function heapFlags(): string[] {
  const heapMb = Number(process.env.SERVER_HEAP_MB || 340)
  if (!Number.isInteger(heapMb) || heapMb < 128) {
    throw new Error('SERVER_HEAP_MB must be a whole number of megabytes, at least 128.')
  }
  return ['--max-semi-space-size=2', `--max-old-space-size=${heapMb}`]
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
