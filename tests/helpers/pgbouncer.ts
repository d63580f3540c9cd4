import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { freePort, sleep } from '../../scripts/lib/embedded-postgres'
import { tempDataDir } from './launch'
import { stopChild } from './shop-server'

/** Debian's PgBouncer (`apt-get install pgbouncer`; scripts/ensure-pgbouncer.sh), if installed. */
export function pgbouncerBinary(): string | undefined {
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file))
}

export type PgBouncer = {
  /** A URL for `database` through the pooler, as the server's user. */
  url: (database: string) => string
  output: () => string
  stop: () => Promise<void>
}

/**
 * PgBouncer in transaction mode in front of the PostgreSQL at `server`, as hosted "pooled" URLs
 * are: its own configuration in a temporary folder, its own port, every database passed on,
 * clients trusted and the server's own credentials used onwards. It refuses to run as root, so
 * as root it assumes the postgres user's identity (-u). `ignore` lists startup parameters it
 * accepts and drops (its ignore_startup_parameters); others it refuses.
 */
export async function startPgBouncer(
  binary: string,
  server: URL,
  ignore: string[] = [],
): Promise<PgBouncer> {
  const dir = tempDataDir('kc-pgbouncer-')
  const port = await freePort()
  const user = decodeURIComponent(server.username || 'postgres')
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`
  fs.writeFileSync(
    path.join(dir, 'users.txt'),
    `${quote(user)} ${quote(decodeURIComponent(server.password))}\n`,
  )
  const config = path.join(dir, 'pgbouncer.ini')
  fs.writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      ...(ignore.length ? [`ignore_startup_parameters = ${ignore.join(',')}`] : []),
      '',
    ].join('\n'),
  )
  const asRoot = process.getuid?.() === 0
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    await stopChild(child)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await accepts(port)) {
      return {
        url: (database) => {
          const url = new URL(`postgres://127.0.0.1:${port}/${encodeURIComponent(database)}`)
          url.username = server.username || 'postgres'
          return url.toString()
        },
        output: () => output,
        stop,
      }
    }
    await sleep(100)
  }
  await stop()
  throw new Error(`PgBouncer did not start:\n${output}`)
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
