import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { commitWith, inTransaction } from '@/platform/db/transaction'
import { ensureDatabase } from '../../scripts/lib/embedded-postgres'

/*
 * A transaction whose last statement goes with its COMMIT (commitWith, used by the order's
 * INSERT): committed once, rolled back and run again when that statement fails, and never run
 * again once committed.
 */

const server = new URL(inject('databaseUrl'))
const database = `kc_tx_${randomBytes(4).toString('hex')}`
const url = new URL(server)
url.pathname = `/${database}`
let pool: pg.Pool
/** The statements the pool's connections were sent, in order. */
const sent: string[] = []

beforeAll(async () => {
  const admin = new URL(server)
  admin.pathname = '/postgres'
  await ensureDatabase(admin.toString(), database)
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      ...args: unknown[]
    ) => {
      const [first] = args
      sent.push(typeof first === 'string' ? first : (first as { text: string }).text)
      return query(...args)
    }
  })
  await pool.query('CREATE TABLE tx_probe (id int PRIMARY KEY, note text)')
})

afterAll(async () => {
  await pool?.end()
})

const rows = async () =>
  (await pool.query<{ id: number }>('SELECT id FROM tx_probe ORDER BY id')).rows.map((r) => r.id)

describe('commitWith', () => {
  it('commits with the last statement, and the transaction sends no second COMMIT', async () => {
    sent.length = 0
    const answer = await inTransaction(pool, async (client) => {
      await client.query(`INSERT INTO tx_probe VALUES (1, 'first')`)
      return commitWith<{ id: number }>(client, {
        text: `INSERT INTO tx_probe VALUES ($1, 'last') RETURNING id`,
        values: [2],
      })
    })
    expect(answer.rows).toEqual([{ id: 2 }])
    expect(await rows()).toEqual([1, 2])
    expect(sent.filter((s) => /^(BEGIN|COMMIT|ROLLBACK)$/.test(s))).toEqual(['BEGIN', 'COMMIT'])
  })

  it('rolls back when the last statement fails, and runs the work again when asked to', async () => {
    let runs = 0
    const answer = await inTransaction(
      pool,
      async (client) => {
        runs++
        await client.query(`INSERT INTO tx_probe VALUES (${10 + runs}, 'before')`)
        // The first run collides with row 1; the second takes a free id.
        return commitWith<{ id: number }>(client, {
          text: `INSERT INTO tx_probe VALUES ($1, 'last') RETURNING id`,
          values: [runs === 1 ? 1 : 3],
        })
      },
      (error) => (error as { code?: string }).code === '23505',
    )
    expect(runs).toBe(2)
    expect(answer.rows).toEqual([{ id: 3 }])
    // The first run's row 11 went with its rollback.
    expect(await rows()).toEqual([1, 2, 3, 12])
  })

  it('never runs committed work again, whatever fails after the COMMIT', async () => {
    let runs = 0
    const failure = await inTransaction(
      pool,
      async (client) => {
        runs++
        await commitWith(client, { text: `INSERT INTO tx_probe VALUES (20, 'last')` })
        throw Object.assign(new Error('after the commit'), { code: '40P01' })
      },
      () => true,
    ).catch((error: Error) => error)
    expect((failure as Error).message).toBe('after the commit')
    expect(runs).toBe(1)
    expect(await rows()).toContain(20)
  })
})
