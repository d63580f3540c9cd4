/** What the service worker (service-worker.js) tells the pages it controls. */
export type WorkerMessage =
  /** It answered this page, or one of its reads, from its copy for want of a network. */
  | { type: 'no-signal'; storedAt?: string | null }
  /** A catalogue read it answered from its copy has since changed at the shop. */
  | { type: 'catalogue-changed'; url: string }
  /** Background Sync sent the orders that were waiting. */
  | { type: 'orders-sent' }

/** Calls `listener` for each of the worker's messages of `type`; returns the way to stop. */
export function onWorkerMessage<T extends WorkerMessage['type']>(
  type: T,
  listener: (message: Extract<WorkerMessage, { type: T }>) => void,
): () => void {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!worker) return () => undefined
  const onMessage = (event: MessageEvent) => {
    const data = event.data as WorkerMessage | null
    if (data?.type === type) listener(data as Extract<WorkerMessage, { type: T }>)
  }
  worker.addEventListener('message', onMessage)
  // Messages sent before the page listened are held until this.
  worker.startMessages()
  return () => worker.removeEventListener('message', onMessage)
}
