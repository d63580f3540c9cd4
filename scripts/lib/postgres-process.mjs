// @ts-check
/**
 * Runs the embedded PostgreSQL's postmaster and keeps it running: the part of
 * embedded-postgres.ts that lives as long as the shop. Plain JavaScript on Node's own modules
 * (no pg driver: readiness is PostgreSQL's startup handshake, as pg_isready does it), so the
 * launcher that holds it stays small.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/**
 * @typedef {object} PostgresSpec What embedded-postgres.ts prepared: binaries, data, a free port.
 * @property {string} binDir
 * @property {string} pgdata
 * @property {number} port
 * @property {string} logPath
 * @property {number} maxConnections
 * @property {{ uid: number, gid: number }} [runAs] the postgres user, when we are root
 */

/**
 * @typedef {object} RunningPostgres
 * @property {Promise<void>} ready resolves once it accepts connections; rejects, with its log's
 *   tail, when it exits first
 * @property {() => number | undefined} pid the postmaster's pid now
 * @property {() => Promise<void>} stop a fast shutdown (SIGINT), SIGKILL past 15 s
 */

/**
 * Starts the postmaster and supervises it: one that dies (killed, out of memory) is started
 * again on the same port, so the app's pools find it where it was. PostgreSQL replays its
 * write-ahead log on start, so every committed transaction is still there. Until the old
 * server's last backends have gone it refuses to start (its shared memory is still attached):
 * it is tried again shortly.
 * @param {PostgresSpec} spec
 * @param {(line: string) => void} log
 * @returns {RunningPostgres}
 */
export function runPostgres(spec, log) {
  let running = launch(spec)
  const killOnExit = () => running.child.kill('SIGKILL')
  process.once('exit', killOnExit)
  /** @type {Promise<void> | undefined} */
  let stopping
  const ready = waitUntilReady(spec, running.exited)

  const supervise = async () => {
    for (;;) {
      const code = await running.exited
      if (stopping) return
      log(`Embedded PostgreSQL stopped unexpectedly (${code}); restarting it`)
      for (let attempt = 1; !stopping; attempt++) {
        await sleep(Math.min(2000, 200 * attempt))
        if (stopping) return
        running = launch(spec)
        try {
          await waitUntilReady(spec, running.exited)
          log(`Embedded PostgreSQL is back on 127.0.0.1:${spec.port}`)
          break
        } catch {
          // Refused to start: old backends still hold its memory, or it is still recovering.
        }
      }
    }
  }
  void ready.then(supervise, () => undefined)

  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', killOnExit)
      const { child, exited } = running
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    })())

  return { ready, pid: () => running.child.pid, stop }
}

/**
 * @param {PostgresSpec} spec
 * @returns {{ child: import('node:child_process').ChildProcess, exited: Promise<number | null> }}
 */
function launch(spec) {
  const logFile = fs.openSync(spec.logPath, 'a')
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    `max_connections=${spec.maxConnections}`,
  ]
  const child = spawn(
    path.join(spec.binDir, 'postgres'),
    ['-D', spec.pgdata, '-p', String(spec.port), ...settings.flatMap((s) => ['-c', s])],
    {
      stdio: ['ignore', logFile, logFile],
      ...spec.runAs,
      env: { ...process.env, LC_ALL: 'C' },
    },
  )
  fs.closeSync(logFile)
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  )
  return { child, exited }
}

/**
 * @param {PostgresSpec} spec
 * @param {Promise<number | null>} exited
 */
async function waitUntilReady(spec, exited) {
  let done = false
  const failure = exited.then((code) => {
    if (done) return
    const tail = fs.existsSync(spec.logPath)
      ? fs.readFileSync(spec.logPath, 'utf8').slice(-2000)
      : ''
    throw new Error(`PostgreSQL exited during start-up (code ${code}). Log tail:\n${tail}`)
  })
  const ready = (async () => {
    for (let attempt = 0; attempt < 600 && !done; attempt++) {
      if (await acceptsConnections(spec.port)) return
      await sleep(100)
    }
    throw new Error('PostgreSQL did not accept connections within 60 s.')
  })()
  try {
    await Promise.race([ready, failure])
  } finally {
    done = true
  }
}

/**
 * Whether the server on `port` takes connections, as pg_isready asks it: a startup packet, and
 * an authentication request back means yes; "the database system is starting up" (57P03) means
 * not yet. The socket then closes before any password, which PostgreSQL does not log.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    /** @param {boolean} answer */
    const finish = (answer) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(1000, () => finish(false))
    socket.once('error', () => finish(false))
    socket.once('connect', () => socket.write(startupPacket('postgres', 'postgres')))
    let reply = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk]).subarray(0, 1024)
      const kind = String.fromCharCode(reply[0] ?? 0)
      if (kind === 'R') return finish(true)
      if (kind !== 'E' || reply.length < 5) return finish(false)
      const length = reply.readInt32BE(1)
      if (reply.length < Math.min(length + 1, 1024)) return
      finish(!reply.toString('latin1').includes('\u0000C57P03\u0000'))
    })
  })
}

/**
 * @param {string} user
 * @param {string} database
 */
function startupPacket(user, database) {
  const body = Buffer.from(`user\u0000${user}\u0000database\u0000${database}\u0000\u0000`)
  const packet = Buffer.alloc(8 + body.length)
  packet.writeInt32BE(packet.length, 0)
  packet.writeInt32BE(196608, 4) // protocol 3.0
  body.copy(packet, 8)
  return packet
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
