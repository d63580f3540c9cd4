/**
 * The shop's one cache: values kept in process memory under a key, each with the tags of what it
 * shows ('products', 'areas', 'settings': the change feed's topics). A write announced under a
 * tag drops every entry carrying it, whoever made the write; 'all' drops everything.
 *
 * An entry may also be held for a time only, for what changes without an announcement (stock,
 * which every order changes): in the spirit of nginx's "microcaching",
 *
 * - it is served as it is for `freshMs` after its load began;
 * - until `staleMs` it is still served, while one request loads it afresh in the background
 *   (so the moment after a miss does not queue behind a render);
 * - after that nothing of it is served: the next request waits for a new load.
 *
 * Concurrent misses for one key share one load. A load that began before one of its tags was
 * dropped is given to those who waited for it, but not stored. Some tags are known only once the
 * value is loaded (`tagsOf`: the products a page shows, whose stock an order changes); a load
 * with such tags is stored only if none of them was dropped while it ran, and is not joined by a
 * request that comes after any drop. While `trusted()` is false (no
 * change feed, so a write elsewhere would go unseen) nothing with a tag is stored or served from
 * memory; an entry without tags depends on no write (its key says what it is, as a photo's
 * address does) and is kept regardless. All entries share one byte budget, counted with what
 * each costs to hold (key, tags, bookkeeping); the least recently used go first.
 */
export type CacheRule<T> = {
  /** What the value shows: a write announced under any of these drops it. */
  tags: readonly string[]
  /** Tags read off the loaded value, for what it turned out to show. */
  tagsOf?: (value: T) => readonly string[]
  /** Served as it is this long after its load began; by default until a tag is dropped. */
  freshMs?: number
  /** Served, while reloaded in the background, until this long after its load began. */
  staleMs?: number
  /** Its size in bytes, for the budget; small values count as 64. */
  sizeOf?: (value: T) => number
  /** Whether a loaded value may be kept (an error page is shared with those waiting, not kept). */
  keep?: (value: T) => boolean
}

export type CacheOptions = {
  /** The most bytes held in all. */
  maxBytes: number
  /** Count what holding an entry and its tags costs, besides key and value (default true). */
  countOverhead?: boolean
  trusted?: () => boolean
  now?: () => number
}

type Entry = {
  value: unknown
  tags: readonly string[]
  loadedAt: number
  freshMs: number
  staleMs: number
  bytes: number
}

/** A load under way: which writes it has seen (`generation`, `dropped`), and its promise. */
type Loading = { generation: number; dropped: number; promise: Promise<unknown> }

/** How many tag drops are remembered for loads under way; a load older than these is not kept. */
const REMEMBERED_DROPS = 4096

const SMALL_VALUE_BYTES = 64

/**
 * What holding an entry costs besides its key's and its value's bytes, as measured (the heap used
 * by 20,000 entries, Node 20): the entry, its places in the maps and its tag list about 450
 * bytes; a tag of its own (a product's stock) about 290, its set of keys included. Uncounted, a
 * search's page of ids (~750 bytes held) counted as 270, and a page showing 24 products held
 * 7 kB of heap beyond its counted bodies.
 */
const OVERHEAD = { entry: 480, tag: 290 }

export class TaggedCache {
  private readonly entries = new Map<string, Entry>()
  /** The keys held under each tag, so that dropping a tag (every order drops its products') touches
   * only what carries it, however many untagged or other entries are held. */
  private readonly keysByTag = new Map<string, Set<string>>()
  private readonly loading = new Map<string, Loading>()
  /** Bumped by invalidate(): everything loaded before is out of date. */
  private generation = 0
  /** How many tags invalidate(tag) has dropped, and the latest of them, numbered. */
  private dropped = 0
  private readonly drops: { n: number; tag: string }[] = []
  private heldBytes = 0
  /** Whether what carries a tag was dropped when the feed was last found down. */
  private droppedUntrusted = false

  constructor(private readonly options: CacheOptions) {}

  get bytes(): number {
    return this.heldBytes
  }

  get size(): number {
    return this.entries.size
  }

  /** How many tags index what is held (each product shown has its own). */
  get tagCount(): number {
    return this.keysByTag.size
  }

  /** Forget what carries `tag`, or whatever carries any tag when none is given. */
  invalidate(tag?: string): void {
    if (tag === undefined) {
      this.generation += 1
      for (const [key, entry] of this.entries) if (entry.tags.length > 0) this.drop(key)
      return
    }
    this.drops.push({ n: ++this.dropped, tag })
    if (this.drops.length > 2 * REMEMBERED_DROPS) this.drops.splice(0, REMEMBERED_DROPS)
    for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.drop(key)
  }

  /** The value held for `key` if it may be served as it is now, without loading. */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry || (entry.tags.length > 0 && !this.trusted())) return undefined
    if (this.now() - entry.loadedAt >= entry.freshMs) return undefined
    return entry.value as T
  }

  async get<T>(key: string, rule: CacheRule<T>, load: () => Promise<T>): Promise<T> {
    if (rule.tags.length > 0 && !this.trusted()) {
      if (!this.droppedUntrusted) this.invalidate()
      this.droppedUntrusted = true
      return load()
    }
    this.droppedUntrusted = false
    const entry = this.entries.get(key)
    if (entry) {
      const age = this.now() - entry.loadedAt
      if (age < entry.staleMs) {
        // Most recently used goes last, so eviction takes from the front.
        this.entries.delete(key)
        this.entries.set(key, entry)
        if (age >= entry.freshMs) void this.refresh(key, rule, load).catch(() => undefined)
        return entry.value as T
      }
      // Past its time it is not served, but kept (until replaced, evicted or its tags dropped)
      // as the last resort of a server too busy to load it again (`lastResort`).
    }
    return this.refresh(key, rule, load)
  }

  /**
   * The value held for `key` however old, if no write it shows has been announced since: for a
   * server shedding load, a page whose stock may be some seconds old beats a 503. Orders never
   * read it; they take stock under row locks.
   */
  lastResort<T>(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry || (entry.tags.length > 0 && !this.trusted())) return undefined
    return entry.value as T
  }

  private trusted(): boolean {
    return this.options.trusted?.() ?? true
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  /**
   * Whether a tag was dropped after drop number `since`: any tag, or one of `tags`. True when
   * that is longer ago than the drops remembered.
   */
  private droppedSince(since: number, tags?: ReadonlySet<string>): boolean {
    if (since === this.dropped) return false
    const drops = this.drops
    if (drops.length === 0 || drops[0]!.n > since + 1) return true
    for (let i = drops.length - 1; i >= 0 && drops[i]!.n > since; i--)
      if (!tags || tags.has(drops[i]!.tag)) return true
    return false
  }

  /** Whether a load begun at `seen` has missed a write to `tags`, so must not be kept or joined. */
  private outdated(seen: Omit<Loading, 'promise'>, tags?: ReadonlySet<string>): boolean {
    return seen.generation !== this.generation || this.droppedSince(seen.dropped, tags)
  }

  private refresh<T>(key: string, rule: CacheRule<T>, load: () => Promise<T>): Promise<T> {
    const pending = this.loading.get(key)
    // A load whose tags are not all known yet may show what a drop since its start changed.
    if (pending && !this.outdated(pending, rule.tagsOf ? undefined : new Set(rule.tags)))
      return pending.promise as Promise<T>
    const seen = { generation: this.generation, dropped: this.dropped }
    const loadedAt = this.now()
    const promise: Promise<T> = load().then(
      (value) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key)
        const tags = [...rule.tags, ...(rule.tagsOf?.(value) ?? [])]
        if (!this.outdated(seen, new Set(tags))) this.store(key, value, loadedAt, rule, tags)
        return value
      },
      (error: unknown) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key)
        throw error
      },
    )
    this.loading.set(key, { ...seen, promise })
    return promise
  }

  private store<T>(
    key: string,
    value: T,
    loadedAt: number,
    rule: CacheRule<T>,
    tags: readonly string[],
  ): void {
    if (rule.keep && !rule.keep(value)) return
    let bytes = key.length + (rule.sizeOf?.(value) ?? SMALL_VALUE_BYTES)
    if (this.options.countOverhead ?? true) {
      bytes += OVERHEAD.entry
      for (const tag of tags) bytes += OVERHEAD.tag + tag.length
    }
    if (bytes > this.options.maxBytes) return
    this.drop(key)
    const freshMs = rule.freshMs ?? Infinity
    this.entries.set(key, {
      value,
      tags,
      loadedAt,
      freshMs,
      staleMs: Math.max(rule.staleMs ?? freshMs, freshMs),
      bytes,
    })
    this.heldBytes += bytes
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag)
      if (!keys) this.keysByTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
    this.evictOverBudget()
  }

  /**
   * Counts `bytes` more for `key` while it still holds `value`: what the value grew by after it
   * was stored (a shared answer's coding, made when first asked for). The least recently used
   * go, as for a new entry, if that takes the cache past its budget.
   */
  grow(key: string, value: unknown, bytes: number): void {
    const entry = this.entries.get(key)
    if (!entry || entry.value !== value) return
    entry.bytes += bytes
    this.heldBytes += bytes
    this.evictOverBudget()
  }

  private evictOverBudget(): void {
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
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag)
      // A product's stock tag is one of thousands: an empty set would outlive every page showing it.
      if (keys?.delete(key) && keys.size === 0) this.keysByTag.delete(tag)
    }
  }
}
