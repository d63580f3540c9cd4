import type { Pool } from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { POLL_MS, pollChanges } from './change-poll'

/** A change log in memory, answering the poller's one query as PostgreSQL would. */
function fakeLog() {
  const rows: { id: number; topic: string }[] = []
  let away = false
  const pool = {
    query: async () => {
      if (away) throw new Error('Connection terminated')
      const marks = new Map<string, { n: number; sum: number }>()
      for (const row of rows) {
        const mark = marks.get(row.topic) ?? { n: 0, sum: 0 }
        marks.set(row.topic, { n: mark.n + 1, sum: mark.sum + row.id })
      }
      return { rows: [...marks].map(([topic, m]) => ({ topic, mark: `${m.n}:${m.sum}` })) }
    },
  } as unknown as Pool
  return {
    pool,
    commit: (id: number, topic: string) => rows.push({ id, topic }),
    prune: (below: number) => rows.splice(0, rows.length, ...rows.filter((r) => r.id >= below)),
    setAway: (value: boolean) => (away = value),
  }
}

afterEach(() => vi.useRealTimers())

describe('polling the change log', () => {
  it('names each topic that moved, a late commit with a lower id included; up and down once', async () => {
    vi.useFakeTimers()
    const log = fakeLog()
    log.commit(1, 'products')
    const seen: string[] = []
    const stop = pollChanges(log.pool, {
      changed: (topic) => seen.push(topic),
      up: () => seen.push('up'),
      down: () => seen.push('down'),
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual(['up'])

    log.commit(3, 'areas')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(seen).toEqual(['up', 'areas'])

    // Transaction 2 began first and commits last: its row has a lower id than one seen already.
    log.commit(2, 'areas')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(seen).toEqual(['up', 'areas', 'areas'])

    await vi.advanceTimersByTimeAsync(POLL_MS * 3)
    expect(seen).toHaveLength(3)

    // Pruning old rows only ever adds a needless change.
    log.prune(2)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(seen.slice(3)).toEqual(['products'])

    log.setAway(true)
    await vi.advanceTimersByTimeAsync(POLL_MS * 3)
    log.setAway(false)
    log.commit(4, 'settings')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(seen.slice(4)).toEqual(['down', 'up'])
    stop()
  })
})
