/** Thrown by Semaphore.run when `maxWaiting` tasks already wait. */
export class QueueFull extends Error {}

/** At most `limit` tasks at once; the rest wait their turn in order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  /** Runs `task` in its turn; refuses (QueueFull) instead of waiting behind `maxWaiting` others. */
  async run<T>(task: () => Promise<T>, maxWaiting = Infinity): Promise<T> {
    if (this.active >= this.limit && this.waiting.length >= maxWaiting) throw new QueueFull()
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
