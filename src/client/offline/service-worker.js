/**
 * The storefront's service worker: what a shopper has seen stays usable when the power or the
 * signal goes, within a data budget, and an order placed meanwhile goes out when it comes back.
 * Hand-written and small (it is fetched by every first visit): no library.
 *
 * Registered as /sw.js?v=<release>&mb=<budget> (src/client/offline/register.ts): a new release
 * is a new script, which installs beside the old one and, once active, deletes the old
 * release's shell. Only the storefront's own reads pass through it; /admin, /cms, the account
 * pages and every write go to the network untouched.
 */
const params = new URL(self.location.href).searchParams
const RELEASE = params.get('v') || 'dev'
const BUDGET_BYTES = (Number(params.get('mb')) || 20) * 1024 * 1024

/** Pages and the build's scripts and styles: they belong to one release. */
const SHELL = `kc-shell-${RELEASE}`
/** Catalogue reads and product photos: good across releases, kept within the budget. */
const SEEN = 'kc-seen'
const STORED_AT = 'x-kc-stored-at'
const SIZE = 'x-kc-size'
const NO_SIGNAL = 'x-kc-no-signal'
/** How long a page waits for the network before its kept copy is shown (then refreshed). */
const NETWORK_WAIT_MS = 4000

const ORDER_SYNC = 'kc-orders'

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('kc-') && name !== SHELL && name !== SEEN) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data || {}
  // A page opened before this worker controlled it: keep it, and the scripts, styles and photos
  // it loaded (from the browser's cache: no new download), as if they had come through here.
  if (data.type === 'seen' && typeof data.url === 'string') {
    const keep = async () => {
      const url = new URL(data.url)
      if (url.origin !== self.location.origin || !isPage(url)) return
      await refresh(new Request(url.href), SHELL)
      for (const asset of Array.isArray(data.assets) ? data.assets : []) {
        const assetUrl = new URL(asset, self.location.origin)
        if (assetUrl.origin !== self.location.origin) continue
        const cacheName = assetUrl.pathname.startsWith('/cms/api/media/file/')
          ? SEEN
          : assetUrl.pathname.startsWith('/_next/static/')
            ? SHELL
            : undefined
        if (cacheName) await cacheFirst(new Request(assetUrl.href), cacheName)
      }
    }
    event.waitUntil(keep().catch(() => undefined))
  }
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') {
    if (isPage(url)) event.respondWith(networkFirst(request, SHELL, pageFallback, event))
    return
  }
  if (url.pathname.startsWith('/_next/static/') || STATIC_FILES.has(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL))
    return
  }
  if (url.pathname.startsWith('/cms/api/media/file/')) {
    event.respondWith(cacheFirst(request, SEEN))
    return
  }
  // Stock decisions (the cart's and checkout's read of chosen SKUs) are never answered from here.
  if (url.pathname === '/api/products' && !url.searchParams.has('skus')) {
    event.respondWith(staleWhileRevalidate(request, SEEN, event))
    return
  }
  if (url.pathname === '/api/delivery-areas' || url.pathname === '/manifest.webmanifest') {
    event.respondWith(networkFirst(request, SEEN))
  }
})

const STATIC_FILES = new Set(['/icon.svg', '/placeholder.svg'])

/** The storefront's pages: the shop (any search), a product, the privacy notice. */
function isPage(url) {
  return url.pathname === '/' || /^\/p\/[^/]+$/.test(url.pathname) || url.pathname === '/privacy'
}

/** A search page not seen offline opens the shop as it was last seen; it then searches its copy. */
async function pageFallback(request) {
  const url = new URL(request.url)
  if (url.pathname !== '/') return undefined
  return (await caches.open(SHELL)).match('/', { ignoreVary: true })
}

/**
 * The network's answer when it comes within NETWORK_WAIT_MS, kept for later; otherwise the kept
 * copy (and the network's, when it comes, kept for next time). With neither, the network's error.
 * A kept copy given because there was no network says so (NO_SIGNAL), and so does a message to
 * the page a navigation opens: the page then shows how old its prices and stock are.
 */
async function networkFirst(request, cacheName, fallback, event) {
  const fromNetwork = refresh(request, cacheName)
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, 'slow'))
  const first = await Promise.race([fromNetwork.catch(() => 'failed'), timeout])
  if (first !== 'slow' && first !== 'failed') return first
  const kept =
    (await (await caches.open(cacheName)).match(request, { ignoreVary: true })) ||
    (fallback ? await fallback(request) : undefined)
  if (!kept) return fromNetwork
  if (first === 'slow') return kept
  if (event && event.resultingClientId) {
    const storedAt = kept.headers.get(STORED_AT)
    event.waitUntil(tellPage(event.resultingClientId, { type: 'no-signal', storedAt }))
  }
  const headers = new Headers(kept.headers)
  headers.set(NO_SIGNAL, '1')
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers })
}

/**
 * A catalogue read the shopper made before is answered at once from its kept copy, and asked of
 * the shop meanwhile (a 304's headers when nothing changed). When the shop's answer differs, the
 * page that asked is told (`catalogue-changed`) and reads it again, now from the fresh copy; when
 * there is no network it is told so (`no-signal`), with the kept copy's time. A read never made
 * before waits for the network. The cart's and checkout's reads of stock never come here.
 */
async function staleWhileRevalidate(request, cacheName, event) {
  const kept = await (await caches.open(cacheName)).match(request, { ignoreVary: true })
  const fromNetwork = refresh(request, cacheName)
  if (!kept) return fromNetwork
  const keptBody = await kept.clone().text()
  event.waitUntil(
    fromNetwork.then(
      async (fresh) => {
        if (!fresh.ok || (await fresh.clone().text()) === keptBody) return
        await tellPage(event.clientId, { type: 'catalogue-changed', url: request.url })
      },
      () => tellPage(event.clientId, { type: 'no-signal', storedAt: kept.headers.get(STORED_AT) }),
    ),
  )
  if (self.navigator.onLine) return kept
  const headers = new Headers(kept.headers)
  headers.set(NO_SIGNAL, '1')
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers })
}

/** Posts to the page once it exists (a navigation's page is created as its answer arrives). */
async function tellPage(clientId, message) {
  if (!clientId) return
  for (let tries = 0; tries < 50; tries++) {
    const client = await self.clients.get(clientId)
    if (client) return client.postMessage(message)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function cacheFirst(request, cacheName) {
  const kept = await (await caches.open(cacheName)).match(request, { ignoreVary: true })
  return kept || refresh(request, cacheName)
}

/**
 * Fetches `request`, keeping a good answer with when it was fetched and its size. A kept copy's
 * tag goes with the request, so an unchanged read costs a 304's headers, not the body again.
 */
async function refresh(request, cacheName) {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(request, { ignoreVary: true })
  const etag = kept && kept.headers.get('etag')
  const headers = new Headers(request.headers)
  if (etag && request.mode !== 'navigate') headers.set('if-none-match', etag)
  const response =
    etag && request.mode !== 'navigate'
      ? await fetch(request.url, { headers, credentials: 'same-origin' })
      : await fetch(request)
  if (response.status === 304 && kept) {
    await cache.put(request, stamped(await kept.blob(), kept))
    return cache.match(request, { ignoreVary: true })
  }
  if (!response.ok || response.type !== 'basic' || response.redirected) return response
  const body = await response.clone().blob()
  await cache.put(request, stamped(body, response))
  scheduleTrim()
  return response
}

/** A copy of `from` with `body`, saying when it was kept and how large it is. */
function stamped(body, from) {
  const headers = new Headers(from.headers)
  headers.set(STORED_AT, String(Date.now()))
  headers.set(SIZE, String(body.size))
  return new Response(body, { status: from.status, statusText: from.statusText, headers })
}

let trimTimer
function scheduleTrim() {
  clearTimeout(trimTimer)
  trimTimer = setTimeout(() => void trim().catch(() => undefined), 1000)
}

/**
 * Drops the oldest kept pages, catalogue reads and photos until everything kept fits the budget.
 * The shop's first page and the release's scripts and styles stay: without them nothing opens.
 */
async function trim() {
  const entries = []
  let total = 0
  for (const name of [SHELL, SEEN]) {
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      const response = await cache.match(request, { ignoreVary: true })
      if (!response) continue
      const size = Number(response.headers.get(SIZE)) || 0
      total += size
      const path = new URL(request.url).pathname
      if (name === SHELL && !isPage(new URL(request.url))) continue
      if (path === '/' && new URL(request.url).search === '') continue
      entries.push({ cache, request, size, at: Number(response.headers.get(STORED_AT)) || 0 })
    }
  }
  entries.sort((a, b) => a.at - b.at)
  for (const entry of entries) {
    if (total <= BUDGET_BYTES) break
    await entry.cache.delete(entry.request, { ignoreVary: true })
    total -= entry.size
  }
}

/*
 * Orders placed without signal wait in IndexedDB (src/client/offline/order-queue.ts). Where the
 * browser has Background Sync they are sent when the signal returns, even with the shop closed;
 * the page sends them too (the same Idempotency-Key: the shop places each once) and shows the
 * receipt from the shop's answer.
 */
self.addEventListener('sync', (event) => {
  if (event.tag === ORDER_SYNC) event.waitUntil(sendQueuedOrders())
})

function openQueue() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('kc-offline', 1)
    open.onupgradeneeded = () => open.result.createObjectStore('orders', { keyPath: 'key' })
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
}

async function sendQueuedOrders() {
  const db = await openQueue()
  const queued = await new Promise((resolve, reject) => {
    const read = db.transaction('orders').objectStore('orders').getAll()
    read.onsuccess = () => resolve(read.result)
    read.onerror = () => reject(read.error)
  })
  db.close()
  for (const order of queued) {
    await fetch('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': order.key },
      body: order.body,
      credentials: 'same-origin',
    })
  }
  for (const client of await self.clients.matchAll()) client.postMessage({ type: 'orders-sent' })
}
