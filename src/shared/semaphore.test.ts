import { describe, expect, it } from 'vitest'

import { QueueFull, Semaphore } from './semaphore'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, in order, and frees a slot when one throws', async () => {
    const gate = new Semaphore(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    const task = (n: number) =>
      gate.run(async () => {
        running++
        peak = Math.max(peak, running)
        await tick()
        order.push(n)
        running--
        if (n === 1) throw new Error('boom')
        return n
      })
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task))
    expect(peak).toBe(2)
    expect(order).toEqual([1, 2, 3, 4, 5])
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    expect(await gate.run(async () => 'free')).toBe('free')
  })

  it('refuses a task rather than queue it behind `maxWaiting` others', async () => {
    const gate = new Semaphore(1)
    let release = () => {}
    const running = gate.run(() => new Promise<void>((resolve) => (release = resolve)))
    const queued = [gate.run(async () => 1, 2), gate.run(async () => 2, 2)]
    await expect(gate.run(async () => 3, 2)).rejects.toBeInstanceOf(QueueFull)
    release()
    await running
    expect(await Promise.all(queued)).toEqual([1, 2])
    expect(await gate.run(async () => 4, 0)).toBe(4)
  })
})
