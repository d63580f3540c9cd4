import { onWorkerMessage } from './worker-messages'

/**
 * When the prices and stock on screen were read from the shop, and whether the last read found
 * no signal: a read from the network is now; a copy the service worker kept (service-worker.js)
 * is from when it was kept (`x-kc-stored-at`), and says when it was given for want of a network
 * (`x-kc-no-signal`, or the worker's message to the page it answered from its copy).
 */
export type DataTime = { asOf: number; noSignal: boolean }

let state: DataTime = { asOf: Date.now(), noSignal: false }
const listeners = new Set<() => void>()

export const STORED_AT_HEADER = 'x-kc-stored-at'
export const NO_SIGNAL_HEADER = 'x-kc-no-signal'

/** Notes a read: `storedAt` is the kept copy's time when it came from the worker's cache. */
export function noteRead(storedAt: string | null | undefined, noSignal = false): void {
  const asOf = storedAt ? Number(storedAt) : Date.now()
  if (!Number.isFinite(asOf)) return
  state = { asOf, noSignal }
  listeners.forEach((listener) => listener())
}

/** Notes a catalogue read from its answer's headers. */
export function noteResponse(response: Response): void {
  noteRead(response.headers.get(STORED_AT_HEADER), response.headers.get(NO_SIGNAL_HEADER) === '1')
}

export function dataTime(): DataTime {
  return state
}

export function subscribeDataTime(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The worker's word that it answered this page or a read from its copy, for want of a network. */
export function listenForNoSignal(): () => void {
  return onWorkerMessage('no-signal', (message) => noteRead(message.storedAt, true))
}

/** "14:05": the shopper's own clock, 24-hour, as South Africans write it. */
export function clockTime(ms: number): string {
  const date = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getHours())}:${two(date.getMinutes())}`
}
