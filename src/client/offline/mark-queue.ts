import { keptStore } from './kept-store'

/**
 * The driver's marks made without signal, kept in IndexedDB until the shop has them: the order
 * queue's pattern (order-queue.ts), in a database of its own (`kc-driver`), so the storefront's
 * `kc-offline` and the service worker that opens it at its version are left as they are. Each
 * mark keeps the Idempotency-Key it was given when tapped, so however many times it is sent
 * (a retry, a reload, two tabs), the shop records it once.
 */
export type QueuedMark = { key: string; orderId: string; body: string; queuedAt: number }

const DB = 'kc-driver'
const STORE = 'marks'

const withStore = keptStore(DB, STORE)

export async function queueMark(mark: Omit<QueuedMark, 'queuedAt'>): Promise<void> {
  await withStore('readwrite', (store) => store.put({ ...mark, queuedAt: Date.now() }))
}

/** The marks waiting, oldest first. */
export async function queuedMarks(): Promise<QueuedMark[]> {
  if (typeof indexedDB === 'undefined') return []
  const all = await withStore('readonly', (store) => store.getAll() as IDBRequest<QueuedMark[]>)
  return all.sort((a, b) => a.queuedAt - b.queuedAt)
}

export async function forgetMark(key: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(key))
}

/** Every mark waiting goes (the session ended: the shop will not take them). */
export async function forgetAllMarks(): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  await withStore('readwrite', (store) => store.clear())
}
