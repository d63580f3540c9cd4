/**
 * Installs the storefront's service worker (service-worker.js) once the page has loaded and the
 * browser is idle, so it never competes with the first screen. The release is in its address: a
 * new build is a new worker, which replaces the old one and its cached shell.
 */
export function registerServiceWorker(release: string, budgetMb: number): void {
  if (!('serviceWorker' in navigator)) return
  // Read before registering: a new worker claims this page as it activates, which may be before
  // `ready` resolves, and the page would then look as if it had come through the worker.
  const cameBeforeWorker = !navigator.serviceWorker.controller
  const register = async () => {
    const url = `/sw.js?v=${encodeURIComponent(release)}&mb=${budgetMb}`
    const registration = await navigator.serviceWorker.register(url, { scope: '/' })
    await navigator.serviceWorker.ready
    // This page came from the network before the worker was there: keep it and what it loaded
    // (still in the browser's cache) for offline too.
    if (cameBeforeWorker) {
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(location.origin))
      registration.active?.postMessage({ type: 'seen', url: location.href, assets })
    }
  }
  const start = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void register().catch(() => undefined), { timeout: 5000 })
      : setTimeout(() => void register().catch(() => undefined), 1000)
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

/** The worker's record of whose prices its copies show (service-worker.js): it must stay. */
const SIGN_IN_RECORD = '/sw/sign-in'

/**
 * Forgets the pages and catalogue reads the service worker kept, which show one buyer's prices:
 * called when a buyer signs in or out, so the phone never shows another's prices offline.
 * Photos and the release's scripts stay. The worker is told too, so that an answer still on its
 * way from before is not kept (a sign-in ended elsewhere it learns from the shop's answers).
 */
export async function forgetKeptPrices(): Promise<void> {
  if (typeof caches === 'undefined') return
  navigator.serviceWorker?.controller?.postMessage({ type: 'sign-in-changed' })
  for (const name of await caches.keys()) {
    if (!name.startsWith('kc-')) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      const { pathname } = new URL(request.url)
      if (pathname === SIGN_IN_RECORD) continue
      if (pathname.startsWith('/_next/static/') || pathname.startsWith('/cms/api/media/')) continue
      if (pathname.includes('.') && !pathname.startsWith('/p/')) continue
      await cache.delete(request)
    }
  }
}
