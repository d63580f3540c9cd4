import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { clusterKey } from '../../scripts/lib/embedded-postgres'
import { launchShop } from '../helpers/launch'

// mkdtemp makes a mode-700 folder: as root this is the case where the postgres user cannot enter.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-launcher-'))

const startShop = () => launchShop({ dataDir })

function postgresProcessesFor(dir: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout.split('\n')
  const key = clusterKey(dir)
  return ps.filter((line) => /postgres -D/.test(line) && (line.includes(dir) || line.includes(key)))
}

async function seededState(baseURL: string) {
  const products = (await (await fetch(`${baseURL}/api/products`)).json()) as unknown[]
  const settings = (await (await fetch(`${baseURL}/cms/api/globals/shop-settings`)).json()) as {
    seededAt: string
  }
  return { count: products.length, seededAt: settings.seededAt }
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(path.join('/var/lib/kc-storefront', `data-${clusterKey(dataDir)}`), {
    recursive: true,
    force: true,
  })
})

describe('npm start on the embedded database', () => {
  it('starts, seeds once, keeps data across a restart and leaves no postgres behind', async () => {
    const first = await startShop()
    const before = await seededState(first.baseURL)
    expect(before.count).toBeGreaterThanOrEqual(40)
    expect(before.seededAt).toBeTruthy()
    const token = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim()
    expect(token.length).toBeGreaterThanOrEqual(24)
    expect(first.output()).toContain(token)
    expect(fs.existsSync(path.join(dataDir, 'payload-secret'))).toBe(true)
    expect(postgresProcessesFor(dataDir)).toHaveLength(1)

    // Without TRUST_PROXY the client address is the socket's: a made-up X-Forwarded-For on each
    // try does not earn a fresh budget of failed admin keys.
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${first.baseURL}/api/admin/orders`, {
        headers: { 'x-admin-key': `guess-${i}`, 'x-forwarded-for': `203.0.113.${i + 1}` },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429])
    await first.stop()
    expect(postgresProcessesFor(dataDir)).toHaveLength(0)

    const second = await startShop()
    expect(await seededState(second.baseURL)).toEqual(before)
    expect(second.output()).not.toContain(token)
    expect(second.output()).not.toContain('Seeding the demo shop')
    await second.stop()
    expect(postgresProcessesFor(dataDir)).toHaveLength(0)
  }, 180_000)
})
