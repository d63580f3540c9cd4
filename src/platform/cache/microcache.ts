/**
 * A response cache held for about a second, like nginx's "microcaching": under load, one render
 * of a page or one query answers everyone who asks for the same address in that second, instead
 * of each request rendering it again. What it holds carries stock, and the shop promises that
 * the stock a shopper sees is at most 2 s old, so:
 *
 * - an entry is served as it is for `freshMs` after its load began;
 * - until `staleMs` it is still served, while one request loads it afresh in the background
 *   (so the second after a miss does not queue behind a render);
 * - after that, or once `invalidate()` has been called (the change feed announced a content
 *   write), nothing of it is served: the next request waits for a new load.
 *
 * Concurrent misses for one key share one load. A load that began before an invalidation is
 * given to those who waited for it, but not stored. While `trusted()` is false (no change feed,
 * so a write elsewhere would go unseen) nothing is stored or served from memory.
 */
export type MicrocacheOptions<T> = {
  freshMs: number
  staleMs: number
  /** The most bytes held in all; the least recently used entries go first. */
  maxBytes: number
  trusted?: () => boolean
  /** Whether a loaded value may be kept (an error page is shared with those waiting, not kept). */
  keep?: (value: T) => boolean
  now?: () => number
}

type Entry<T> = { value: T; loadedAt: number; bytes: number }

export class Microcache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private readonly loading = new Map<string, { generation: number; promise: Promise<T> }>()
  private generation = 0
  private heldBytes = 0

  constructor(
    private readonly options: MicrocacheOptions<T>,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** Forget everything: a write changed what the entries show. */
  invalidate(): void {
    this.generation += 1
    this.entries.clear()
    this.loading.clear()
    this.heldBytes = 0
  }

  get bytes(): number {
    return this.heldBytes
  }

  get size(): number {
    return this.entries.size
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const { trusted = () => true, now = Date.now } = this.options
    if (!trusted()) {
      if (this.entries.size > 0) this.invalidate()
      return load()
    }
    const entry = this.entries.get(key)
    if (entry) {
      const age = now() - entry.loadedAt
      if (age < this.options.staleMs) {
        // Most recently used goes last, so eviction takes from the front.
        this.entries.delete(key)
        this.entries.set(key, entry)
        if (age >= this.options.freshMs) void this.refresh(key, load).catch(() => undefined)
        return entry.value
      }
      this.drop(key)
    }
    return this.refresh(key, load)
  }

  private refresh(key: string, load: () => Promise<T>): Promise<T> {
    const pending = this.loading.get(key)
    if (pending?.generation === this.generation) return pending.promise
    const { now = Date.now } = this.options
    const generation = this.generation
    const loadedAt = now()
    const promise = load().then(
      (value) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key)
        if (generation === this.generation) this.store(key, value, loadedAt)
        return value
      },
      (error: unknown) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key)
        throw error
      },
    )
    this.loading.set(key, { generation, promise })
    return promise
  }

  private store(key: string, value: T, loadedAt: number): void {
    if (this.options.keep && !this.options.keep(value)) return
    const bytes = this.sizeOf(value)
    if (bytes > this.options.maxBytes) return
    this.drop(key)
    this.entries.set(key, { value, loadedAt, bytes })
    this.heldBytes += bytes
    for (const [oldest] of this.entries) {
      if (this.heldBytes <= this.options.maxBytes) break
      this.drop(oldest)
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.heldBytes -= entry.bytes
  }
}
