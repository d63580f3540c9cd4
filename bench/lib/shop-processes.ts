import fs from 'node:fs'

import pg from 'pg'

/**
 * The shop's processes and their memory, read from /proc: the launcher, everything below it (the
 * server, or a supervisor and its node:cluster workers, tsx's helpers, an embedded PostgreSQL and
 * its backends) and, when the database is on a shared server, the backends serving the shop's
 * database. Linux only.
 */

/** The parent pid in a /proc/PID/stat line; the command name may hold spaces and parentheses. */
export function parentOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[1])
}

/** Every pid below `root` in a child -> parent map, root excluded. */
export function descendants(root: number, parents: Map<number, number>): number[] {
  const children = new Map<number, number[]>()
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid])
  const found: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

function readOr(file: string, fallback = ''): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    // The process ended between the listing and the read.
    return fallback
  }
}

function processTable(): Map<number, number> {
  const parents = new Map<number, number>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readOr(`/proc/${name}/stat`)
    if (stat) parents.set(Number(name), parentOf(stat))
  }
  return parents
}

const commandLine = (pid: number) => readOr(`/proc/${pid}/cmdline`).replaceAll('\0', ' ')

/** A field of /proc/PID/status or smaps_rollup in MB (they are in kB); 0 once the process is gone. */
function fieldMb(file: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readOr(file))
  return match ? Number(match[1]) / 1024 : 0
}

export const rssMb = (pid: number) => fieldMb(`/proc/${pid}/status`, 'VmRSS')
/** Proportional set size: shared pages divided among their sharers, so a sum does not count twice. */
export const pssMb = (pid: number) => fieldMb(`/proc/${pid}/smaps_rollup`, 'Pss')

export type ProcessSample = {
  /** Seconds since the sampler started. */
  at: number
  /** RSS in MB of each server process (command line holding scripts/server.ts), by pid. */
  servers: Record<number, number>
  /** PSS in MB of the launcher, its descendants and the shop's database backends. */
  shopPssMb: number
  processes: number
}

/**
 * The backends of the shop's own database on a shared PostgreSQL (the others' are not the shop's).
 * With an embedded PostgreSQL they are the launcher's descendants already; this then finds none
 * outside the tree, and the set union below counts them once.
 */
async function databaseBackends(db: pg.Client): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  )
  return rows.map((row) => row.pid)
}

export type ShopSampler = {
  sample: () => Promise<ProcessSample>
  close: () => Promise<void>
}

export async function shopSampler(launcherPid: number, databaseUrl: string): Promise<ShopSampler> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  // The sampler's own backend is no part of the shop.
  const own = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
  const started = performance.now()
  return {
    async sample() {
      const backends = await databaseBackends(db).catch(() => [])
      const below = descendants(launcherPid, processTable())
      const servers: Record<number, number> = {}
      for (const pid of below) {
        const mb = commandLine(pid).includes('scripts/server.ts') ? rssMb(pid) : 0
        // A server that has exited but not been reaped has no memory: it is gone.
        if (mb > 0) servers[pid] = mb
      }
      const all = new Set([launcherPid, ...below, ...backends])
      all.delete(own)
      let shopPssMb = 0
      for (const pid of all) shopPssMb += pssMb(pid)
      return {
        at: (performance.now() - started) / 1000,
        servers,
        shopPssMb,
        processes: all.size,
      }
    },
    close: () => db.end(),
  }
}

type ServerLife = { pid: number; firstSeenS: number; lastSeenS: number; maxMb: number }

/**
 * What the samples say about each server process: its RSS at the end (if still there) and at
 * most; `restarts` counts server pids that were there and are gone (the supervisor starts
 * another), `started` the pids that appeared after the first sample.
 */
export function serverLives(samples: ProcessSample[]) {
  const lives = new Map<number, ServerLife>()
  for (const sample of samples)
    for (const [key, mb] of Object.entries(sample.servers)) {
      const pid = Number(key)
      const life = lives.get(pid) ?? { pid, firstSeenS: sample.at, lastSeenS: sample.at, maxMb: 0 }
      life.lastSeenS = sample.at
      life.maxMb = Math.max(life.maxMb, mb)
      lives.set(pid, life)
    }
  const last = samples[samples.length - 1]
  const servers = [...lives.values()].map((life) => ({
    ...life,
    endMb: last && life.pid in last.servers ? last.servers[life.pid] : undefined,
  }))
  const first = samples[0]
  return {
    servers,
    restarts: servers.filter((life) => life.endMb === undefined).length,
    started: servers.filter((life) => first && !(life.pid in first.servers)).length,
  }
}
