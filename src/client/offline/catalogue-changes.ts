/**
 * The service worker answers a catalogue read it has seen from its copy at once and asks the
 * shop meanwhile (service-worker.js); when the shop's answer differs it names the read that
 * changed, and the page reads it again.
 */
export function onCatalogueChanged(listener: (url: URL) => void): () => void {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!worker) return () => undefined
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: unknown } | null
    if (data?.type === 'catalogue-changed' && typeof data.url === 'string') {
      listener(new URL(data.url))
    }
  }
  worker.addEventListener('message', onMessage)
  worker.startMessages()
  return () => worker.removeEventListener('message', onMessage)
}
