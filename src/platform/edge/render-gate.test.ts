import { describe, expect, it, vi } from 'vitest'

import { RenderGate, Shed } from './render-gate'

/** A piece of work that ends when the test says. */
function held() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { work: () => done, finish }
}

describe('RenderGate', () => {
  it('runs at most `inFlight` at once and starts the next as one ends', async () => {
    const gate = new RenderGate({ inFlight: 2, queued: 5, waitMs: 10_000 })
    const jobs = [held(), held(), held()]
    const runs = jobs.map((job) => gate.run(job.work))
    await Promise.resolve()
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 1, started: 2 })
    jobs[0]!.finish()
    await runs[0]
    await Promise.resolve()
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 0, started: 3 })
    jobs[1]!.finish()
    jobs[2]!.finish()
    await Promise.all(runs)
    expect(gate.stats()).toMatchObject({ inFlight: 0, queued: 0 })
  })

  it('sheds at once past the queue, and after waitMs in it, without running the work', async () => {
    vi.useFakeTimers()
    try {
      const gate = new RenderGate({ inFlight: 1, queued: 1, waitMs: 1_000 })
      const first = held()
      const running = gate.run(first.work)
      const never = vi.fn(async () => undefined)
      const waiting = gate.run(never)
      await expect(gate.run(never)).rejects.toEqual(new Shed('full'))
      vi.advanceTimersByTime(1_000)
      await expect(waiting).rejects.toEqual(new Shed('waited'))
      expect(never).not.toHaveBeenCalled()
      expect(gate.stats()).toMatchObject({ inFlight: 1, queued: 0, shedFull: 1, shedWaited: 1 })
      first.finish()
      await running
      expect(gate.stats().inFlight).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('frees its place when the work fails', async () => {
    const gate = new RenderGate({ inFlight: 1, queued: 0, waitMs: 1_000 })
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(gate.run(async () => 'ok')).resolves.toBe('ok')
  })
})
