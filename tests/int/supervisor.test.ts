import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { sleep } from '../../scripts/lib/embedded-postgres'
import { launchShop, tempDataDir, type LaunchedShop } from '../helpers/launch'
import { processServing, processTree, pssMb, rssMb, serverPids } from '../helpers/processes'

/**
 * The launcher as the cluster's primary: one server process per core on one port, a crashed
 * one started again for ever (never the database), and the launcher itself small.
 */
const LAUNCHER_MAX_RSS_MB = 60
let shop: LaunchedShop
let port: number

beforeAll(async () => {
  shop = await launchShop({ dataDir: tempDataDir('kc-supervisor-') })
  port = Number(new URL(shop.baseURL).port)
  // The first server starts alone (it migrates and seeds); the rest once it is ready.
  await until(() => serverPids(launcher()).length === os.availableParallelism(), 60_000)
  await until(() => readyPids().length >= os.availableParallelism(), 60_000)
}, 240_000)

afterAll(async () => {
  await shop?.stop()
  fs.rmSync(shop.dataDir, { recursive: true, force: true })
})

const launcher = () => shop.child.pid!

/** Servers the launcher said are ready (started up), in the order it said so. */
function readyPids(): number[] {
  return [...shop.output().matchAll(/server \d+ of \d+ is ready \(pid (\d+)\)/g)].map((m) =>
    Number(m[1]),
  )
}

async function until(done: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`)
    await sleep(100)
  }
}

function postmasterPid(): number {
  const file = path.join(shop.dataDir, 'postgres', 'postmaster.pid')
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0])
}

/** One GET on a connection of its own: its status, or the error's code. */
function getOnce(pathname: string, agent: http.Agent | false = false) {
  return new Promise<{ status?: number; error?: string; clientPort?: number }>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent, timeout: 10_000 })
    let clientPort: number | undefined
    req.on('socket', (socket) => socket.on('connect', () => (clientPort = socket.localPort)))
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode, clientPort }))
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'ERROR' }))
  })
}

/**
 * A health check as a load balancer makes it, with a timeout: a connection the launcher was
 * handing to a server at the instant that server died is never answered (node:cluster).
 */
const healthCheck = () =>
  fetch(`${shop.baseURL}/api/health`, { signal: AbortSignal.timeout(3000) }).catch(() => undefined)

describe('the launcher and its server processes', () => {
  it('runs one server process per core by default, each answering on the one port', async () => {
    const pids = serverPids(launcher())
    expect(pids).toHaveLength(os.availableParallelism())
    // Connections kept open, then which process holds each one's server side.
    const answering = new Set<number>()
    const agents: http.Agent[] = []
    for (let i = 0; i < 4 * pids.length; i++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      agents.push(agent)
      const { status, clientPort } = await getOnce('/api/health', agent)
      expect(status).toBe(200)
      const pid = processServing(pids, port, clientPort!)
      if (pid) answering.add(pid)
    }
    agents.forEach((agent) => agent.destroy())
    expect([...answering].sort()).toEqual([...pids].sort())
  })

  it('is small: the launcher stays under 60 MB resident', () => {
    const rss = rssMb(launcher())
    const shopPss = processTree(launcher()).reduce((sum, pid) => sum + pssMb(pid), 0)
    console.log(
      `launcher: ${rss.toFixed(1)} MB RSS, ${pssMb(launcher()).toFixed(1)} MB PSS; ` +
        `the whole shop: ${shopPss.toFixed(0)} MB PSS`,
    )
    expect(rss).toBeGreaterThan(0)
    expect(rss).toBeLessThanOrEqual(LAUNCHER_MAX_RSS_MB)
  })

  it('under load: each server stays under 400 MB resident, the whole shop under 1 GB', async () => {
    const products = (await (await fetch(`${shop.baseURL}/api/products?limit=100`)).json()) as {
      sku: string
      name: string
      category: string
    }[]
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
    // Many different addresses at once, as shoppers send them: pages, searches, categories.
    const paths = [
      () => '/',
      () => `/p/${encodeURIComponent(pick(products).sku)}`,
      () => `/?q=${encodeURIComponent(pick(products).name.split(' ')[0]!)}`,
      () => `/api/products?q=${encodeURIComponent(pick(products).name.slice(0, 4))}&limit=24`,
      () =>
        `/api/products?category=${encodeURIComponent(pick(products).category)}&limit=24` +
        `&offset=${24 * Math.floor(Math.random() * 2)}`,
      () => '/api/delivery-areas',
    ]
    let peakServerRss = 0
    let peakShopPss = 0
    const sample = () => {
      const pids = processTree(launcher())
      peakServerRss = Math.max(peakServerRss, ...serverPids(launcher()).map(rssMb))
      peakShopPss = Math.max(
        peakShopPss,
        pids.reduce((sum, pid) => sum + pssMb(pid), 0),
      )
    }
    const sampler = setInterval(sample, 250)
    const result = await autocannon({
      url: shop.baseURL,
      connections: 40,
      duration: 20,
      requests: [{ setupRequest: (req) => ({ ...req, path: pick(paths)() }) }],
    })
    clearInterval(sampler)
    sample()
    console.log(
      `under load: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx; ` +
        `largest server ${peakServerRss.toFixed(0)} MB RSS, ` +
        `the whole shop ${peakShopPss.toFixed(0)} MB PSS at most`,
    )
    expect(result.requests.total).toBeGreaterThan(100)
    expect(result.errors).toBe(0)
    expect(peakServerRss).toBeGreaterThan(0)
    expect(peakServerRss).toBeLessThanOrEqual(400)
    expect(peakShopPss).toBeLessThanOrEqual(1024)
    expect(rssMb(launcher())).toBeLessThanOrEqual(LAUNCHER_MAX_RSS_MB)
  }, 60_000)

  it('one server killed: the others keep answering, and no connection is refused', async () => {
    const [victim] = serverPids(launcher())
    const outcomes: { at: number; status?: number; error?: string }[] = []
    let killedAt = 0
    let running = true
    const client = async () => {
      while (running) outcomes.push({ ...(await getOnce('/api/delivery-areas')), at: Date.now() })
    }
    const clients = Array.from({ length: 4 }, client)
    await sleep(1000)
    process.kill(victim!, 'SIGKILL')
    killedAt = Date.now()
    await sleep(3000)
    running = false
    await Promise.all(clients)

    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED')
    const failed = outcomes.filter((o) => o.status !== 200)
    const servedAfter = outcomes.filter((o) => o.at > killedAt + 200 && o.status === 200)
    console.log(
      `one server killed: ${outcomes.length} requests, ${failed.length} not answered ` +
        `(${[...new Set(failed.map((o) => o.error ?? o.status))].join(', ')}), ` +
        `${servedAfter.length} answered after the kill`,
    )
    expect(refused).toEqual([])
    // Only requests the killed process was answering at that moment: one per client at most.
    expect(failed.length).toBeLessThanOrEqual(4)
    expect(servedAfter.length).toBeGreaterThan(10)
    await until(() => serverPids(launcher()).length === os.availableParallelism(), 30_000)
  }, 60_000)

  it('20 crashes in a minute: degraded, back within 15 s, database untouched', async () => {
    const postmaster = postmasterPid()
    const killed = new Set<number>()
    const degraded: string[] = []
    const startedAt = Date.now()
    let lastKillAt = 0
    // A crash loop: each server killed once it is ready, or 0.5 s after it appeared if not.
    const seenAt = new Map<number, number>()
    while (killed.size < 20 && Date.now() - startedAt < 60_000) {
      const alive = serverPids(launcher()).filter((pid) => !killed.has(pid))
      alive.forEach((pid) => seenAt.set(pid, seenAt.get(pid) ?? Date.now()))
      const ready = readyPids()
      const victim = alive.find(
        (pid) => ready.includes(pid) || Date.now() - seenAt.get(pid)! >= 500,
      )
      if (victim) {
        process.kill(victim, 'SIGKILL')
        killed.add(victim)
        lastKillAt = Date.now()
      }
      const health = await healthCheck()
      if (health?.status === 200) {
        const body = (await health.json()) as { ok: boolean; degraded?: string }
        if (body.degraded) degraded.push(body.degraded)
      }
      await sleep(100)
    }
    expect(killed.size).toBe(20)
    expect(lastKillAt - startedAt).toBeLessThan(60_000)

    let back = 0
    let body: { ok?: boolean; degraded?: string } = {}
    while (!back && Date.now() - lastKillAt < 30_000) {
      const res = await healthCheck()
      if (res?.status === 200) {
        back = Date.now() - lastKillAt
        body = (await res.json()) as typeof body
      } else await sleep(100)
    }
    console.log(
      `20 crashes in ${((lastKillAt - startedAt) / 1000).toFixed(1)} s ` +
        `(${degraded.length} degraded answers meanwhile); ` +
        `back ${back} ms after the last: ${body.degraded}`,
    )
    expect(back).toBeGreaterThan(0)
    expect(back).toBeLessThan(15_000)
    expect(body.ok).toBe(true)
    const restarts = Number(
      /restarted (\d+) times in the last minute/.exec(body.degraded ?? '')?.[1],
    )
    expect(restarts).toBeGreaterThanOrEqual(15)
    expect(shop.output()).toMatch(/stopped \(signal SIGKILL\); starting it again in 1 s/)
    expect(shop.output()).not.toMatch(/giving up|Stopping the shop/)
    // PostgreSQL never stopped: the same postmaster, never restarted.
    expect(postmasterPid()).toBe(postmaster)
    expect(() => process.kill(postmaster, 0)).not.toThrow()
    expect(shop.output()).not.toMatch(/PostgreSQL stopped unexpectedly/)
    expect(rssMb(launcher())).toBeLessThanOrEqual(LAUNCHER_MAX_RSS_MB)
  }, 120_000)
})

describe('a server that can never start', () => {
  it('stops the shop on its first start (exit code 78), saying why', async () => {
    const url = new URL(inject('databaseUrl'))
    url.username = 'kc_no_such_role'
    url.password = 'wrong'
    const dataDir = tempDataDir('kc-cannot-start-')
    try {
      const started = launchShop({ dataDir, databaseUrl: url.toString(), started: () => false })
      const error = await started.then(
        () => undefined,
        (e: Error) => e,
      )
      expect(error?.message).toMatch(/could not start \(exit code 78\)/)
      expect(error?.message).toMatch(/Stopping the shop/)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
