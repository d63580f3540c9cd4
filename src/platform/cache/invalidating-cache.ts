/**
 * One value kept in process memory until `invalidate()` (called by the change feed, whoever made
 * the write). A load that started before an invalidation is not stored: the generation it read
 * under is gone. While `trusted()` is false (no change feed), every read loads afresh.
 */
export class InvalidatingCache<T> {
  constructor(private readonly trusted: () => boolean = () => true) {}

  private generation = 0
  private entry: { generation: number; value: T } | undefined
  private loading: { generation: number; promise: Promise<T> } | undefined

  invalidate(): void {
    this.generation += 1
    this.entry = undefined
    this.loading = undefined
  }

  /** The cached value if it is current, without loading. */
  peek(): T | undefined {
    if (!this.trusted()) return undefined
    return this.entry?.generation === this.generation ? this.entry.value : undefined
  }

  async get(load: () => Promise<T>): Promise<T> {
    if (!this.trusted()) {
      this.invalidate()
      return load()
    }
    if (this.entry?.generation === this.generation) return this.entry.value
    if (this.loading?.generation === this.generation) return this.loading.promise
    const generation = this.generation
    const promise = load().then(
      (value) => {
        if (generation === this.generation) this.entry = { generation, value }
        return value
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = undefined
        throw error
      },
    )
    this.loading = { generation, promise }
    return promise
  }
}
