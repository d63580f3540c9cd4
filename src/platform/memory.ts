/**
 * A full garbage collection, where the server was started with --expose-gc (the launcher does),
 * for work that has just dropped tens of MB: a 64 MB import's body text. Left to V8, that garbage
 * is collected only when the heap nears its limit, and the server's memory peaked 40-50 MB higher
 * in some runs (bench/README.md). Elsewhere (tests, another runner) it does nothing.
 */
export function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}
