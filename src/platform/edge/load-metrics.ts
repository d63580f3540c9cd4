import v8 from 'node:v8'

import { shopCache } from '@/platform/cache/shop-cache'
import { RenderGate, type GateLimits } from './render-gate'

/**
 * Renders per process: enough to keep both the CPU and PostgreSQL busy (a render waits on its
 * queries part of its time), few enough that their trees and answers fit the heap beside the
 * cache. Waiting: a second's worth at the pace a process renders; longer, and the page's p99 would
 * pass 2 s, so it is better answered stale or told to try again.
 */
export const RENDER_LIMITS: GateLimits = { inFlight: 6, queued: 48, waitMs: 1_500 }

type LoadMetrics = {
  gate: RenderGate
  /** Requests the gate shed: answered from a stale copy, or refused with a 503. */
  shed: { stale: number; refused: number }
}

const registry = globalThis as unknown as { __kcLoadMetrics?: LoadMetrics }

/** One per process, however many bundles import it (see shop-cache.ts). */
export function loadMetrics(): LoadMetrics {
  return (registry.__kcLoadMetrics ??= {
    gate: new RenderGate(RENDER_LIMITS),
    shed: { stale: 0, refused: 0 },
  })
}

/** What the owner's metrics call shows of this process: load shed, renders, cache, memory. */
export function processMetrics() {
  const { gate, shed } = loadMetrics()
  const heap = v8.getHeapStatistics()
  const memory = process.memoryUsage()
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10
  return {
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
    renders: gate.stats(),
    shed,
    cache: { entries: shopCache.size, bytes: shopCache.bytes, tags: shopCache.tagCount },
    memoryMb: {
      rss: mb(memory.rss),
      heapUsed: mb(heap.used_heap_size),
      heapLimit: mb(heap.heap_size_limit),
      external: mb(memory.external),
      arrayBuffers: mb(memory.arrayBuffers),
    },
  }
}
