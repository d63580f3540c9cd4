import { keptStore } from './kept-store'

/**
 * Orders placed without signal, kept in IndexedDB until the shop has them. The service worker
 * (service-worker.js) reads the same store to send them by Background Sync; the page sends them
 * when the signal returns or the shop is next opened. Each keeps its Idempotency-Key, so however
 * many times and from wherever it is sent, the shop places it once.
 */
export type QueuedOrder = { key: string; body: string; queuedAt: number }

const DB = 'kc-offline'
const STORE = 'orders'
/** The Background Sync tag the worker answers. */
const ORDER_SYNC = 'kc-orders'

const withStore = keptStore(DB, STORE)

/** Keeps the order and asks the browser to send it when the signal returns. */
export async function queueOrder(key: string, body: string): Promise<void> {
  const order: QueuedOrder = { key, body, queuedAt: Date.now() }
  await withStore('readwrite', (store) => store.put(order))
  try {
    const registration = await navigator.serviceWorker?.ready
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync
    await sync?.register(ORDER_SYNC)
  } catch {
    // No Background Sync here: the page sends it when the signal returns or the shop reopens.
  }
}

export function queuedOrders(): Promise<QueuedOrder[]> {
  if (typeof indexedDB === 'undefined') return Promise.resolve([])
  return withStore('readonly', (store) => store.getAll() as IDBRequest<QueuedOrder[]>)
}

export async function forgetOrder(key: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(key))
}

/** The keys a checkout on this page is sending itself; the page's queue leaves them alone. */
export const sentByCheckout = new Set<string>()

/** Whether a failed send means no signal (rather than an answer from the shop). */
export function noSignal(error: unknown): boolean {
  return !navigator.onLine || error instanceof TypeError
}
