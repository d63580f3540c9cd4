import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/**
 * The shop's processes as the operating system sees them: the launcher (`scripts/start.mjs`,
 * the cluster's primary), its server processes (`scripts/server.ts`) and the embedded
 * PostgreSQL, all its children.
 */

/** The launcher's server processes now, by pid (none while every one is being restarted). */
export function serverPids(launcherPid: number): number[] {
  let children: string
  try {
    children = execFileSync('pgrep', ['-P', String(launcherPid)], { encoding: 'utf8' })
  } catch {
    return [] // pgrep exits 1 when there is none
  }
  return children
    .trim()
    .split('\n')
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/server.ts')
      } catch {
        return false // gone since
      }
    })
}

/** Resident memory in MB (VmRSS), 0 for a process that is gone. */
export function rssMb(pid: number): number {
  return statusKb(`/proc/${pid}/status`, 'VmRSS') / 1024
}

/** Proportional memory in MB: shared pages (Node's code, PostgreSQL's buffers) split by users. */
export function pssMb(pid: number): number {
  return statusKb(`/proc/${pid}/smaps_rollup`, 'Pss') / 1024
}

/** The largest server process's resident memory in MB. */
export function largestServerRssMb(launcherPid: number): number {
  return Math.max(0, ...serverPids(launcherPid).map(rssMb))
}

/** `pid` and every process under it, children first found by pgrep. */
export function processTree(pid: number): number[] {
  let children: number[] = []
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number)
  } catch {
    // no children
  }
  return [pid, ...children.flatMap(processTree)]
}

function statusKb(file: string, field: string): number {
  try {
    const text = fs.readFileSync(file, 'utf8')
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0)
  } catch {
    return 0
  }
}

/**
 * Which process holds the server side of the TCP connection from local port `clientPort` to
 * `serverPort`: the server process that was handed that connection and answers on it.
 */
export function processServing(
  pids: number[],
  serverPort: number,
  clientPort: number,
): number | undefined {
  const inode = connectionInode(serverPort, clientPort)
  if (!inode) return undefined
  return pids.find((pid) => {
    try {
      return fs
        .readdirSync(`/proc/${pid}/fd`)
        .some((fd) => readLink(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`)
    } catch {
      return false
    }
  })
}

function readLink(file: string): string | undefined {
  try {
    return fs.readlinkSync(file)
  } catch {
    return undefined
  }
}

/** The socket inode of the established connection local :serverPort <- remote :clientPort. */
function connectionInode(serverPort: number, clientPort: number): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = fs.existsSync(table) ? fs.readFileSync(table, 'utf8').split('\n').slice(1) : []
    for (const line of lines) {
      const fields = line.trim().split(/\s+/)
      const [local, remote, state, inode] = [fields[1], fields[2], fields[3], fields[9]]
      if (state !== '01' || !local || !remote) continue // 01: ESTABLISHED
      if (local.endsWith(`:${hex(serverPort)}`) && remote.endsWith(`:${hex(clientPort)}`)) {
        return inode
      }
    }
  }
  return undefined
}
