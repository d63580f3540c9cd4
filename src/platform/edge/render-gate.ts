/**
 * At most a few renders at once in a process, a bounded queue behind them, and a bounded wait in
 * it. Under many different addresses at once every render is a miss: unbounded, fifty renders in
 * flight each held their React tree, queries and answer in the heap (the server ran out of its
 * 340 MB within two minutes), took turns on the one event loop (pages p99 13 s) and kept orders'
 * replies waiting behind them. Past the bound a page is answered from a stale copy or with a 503
 * and Retry-After (front-door.ts): what can wait is shed; orders never pass through here.
 */
export type GateLimits = {
  /** Renders running at once. */
  inFlight: number
  /** Requests waiting for a turn; one more is shed at once. */
  queued: number
  /** How long one may wait for its turn before it is shed. */
  waitMs: number
}

/** Thrown for work the gate would not start: nothing was done. */
export class Shed extends Error {
  override readonly name = 'Shed'

  constructor(readonly why: 'full' | 'waited') {
    super(why === 'full' ? 'Too many renders waiting' : 'Waited too long for a render')
  }
}

/**
 * By name, not instanceof: the process's one gate may have been made by Next's bundle (the
 * metrics route) or by the server's own modules, each with its own copy of this class.
 */
export function isShed(error: unknown): error is Shed {
  return error instanceof Error && error.name === 'Shed'
}

export type GateCounts = {
  inFlight: number
  queued: number
  started: number
  shedFull: number
  shedWaited: number
}

export class RenderGate {
  private running = 0
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = []
  private readonly counts = { started: 0, shedFull: 0, shedWaited: 0 }

  constructor(private readonly limits: GateLimits) {}

  /** Runs `work` when a place is free, or rejects with Shed without running it. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.admit()
    this.counts.started++
    try {
      return await work()
    } finally {
      this.running--
      this.waiting.shift()?.start()
    }
  }

  stats(): GateCounts {
    return { inFlight: this.running, queued: this.waiting.length, ...this.counts }
  }

  private admit(): Promise<void> {
    if (this.running < this.limits.inFlight) {
      this.running++
      return Promise.resolve()
    }
    if (this.waiting.length >= this.limits.queued) {
      this.counts.shedFull++
      return Promise.reject(new Shed('full'))
    }
    return new Promise<void>((resolve, reject) => {
      const place = {
        start: () => {
          clearTimeout(place.timer)
          this.running++
          resolve()
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(place), 1)
          this.counts.shedWaited++
          reject(new Shed('waited'))
        }, this.limits.waitMs),
      }
      this.waiting.push(place)
    })
  }
}
