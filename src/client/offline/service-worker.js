/**
 * The storefront's service worker: what a shopper has seen stays usable when the power or the
 * signal goes, within a data budget, and an order placed meanwhile goes out when it comes back.
 * Hand-written and small (it is fetched by every first visit): no library.
 *
 * Registered as /sw.js?v=<release>&mb=<budget> (src/client/offline/register.ts): a new release
 * is a new script, which installs beside the old one and, once active, deletes the old
 * release's shell. Only the storefront's own reads pass through it; /admin, /cms, the account
 * pages and every write go to the network untouched.
 *
 * A trade buyer's prices stay on the phone only as long as their sign-in: the shop says on every
 * page and product read whose prices it shows (SIGN_IN), the worker keeps the copies of one
 * sign-in at a time, and shows a buyer's copy only until its sign-in's end (docs/offline.md).
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
/** Whose prices an answer shows: `none` (a guest's) or "<tag> <end, epoch ms>" (a sign-in's). */
const SIGN_IN = 'x-kc-sign-in'
const GUEST = 'none'

/**
 * The viewer a priced answer was made for, in the classes the shop decides
 * (src/modules/pricing/viewer.ts): `guest` for a guest's, with the shop's prices or none while
 * prices are for buyers only (both are GUEST: a settings change reaches the phone with the next
 * answer); `buyer` for a signed-in buyer's, at their price list or the shop's; undefined for an
 * answer that names no viewer (the owner's reads, a sign-in the shop could not read), which the
 * phone does not keep.
 */
function viewerOfCopy(response) {
  const signIn = response.headers.get(SIGN_IN)
  if (!signIn) return undefined
  return signIn === GUEST ? 'guest' : 'buyer'
}
/**
 * The sign-in the kept priced copies belong to, and since when (in SEEN, so a restarted worker
 * knows it). src/client/offline/register.ts leaves it when it forgets the copies.
 */
const SIGN_IN_RECORD = '/sw/sign-in'
/** How long a page waits for the network before its kept copy is shown (then refreshed). */
const NETWORK_WAIT_MS = 4000

const ORDER_SYNC = 'kc-orders'

/**
 * The driver's page and run (docs/delivery.md, "The driver's phone"): kept apart from the
 * shopper's copies, outside the budget's trimming, and deleted when the shop says the driver's
 * session has ended (401).
 */
const DRIVER = 'kc-driver'
const DRIVER_PAGE = '/driver'
const DRIVER_RUN = '/api/driver/run'

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('kc-') && name !== SHELL && name !== SEEN && name !== DRIVER)
          await caches.delete(name)
      }
      // Copies an earlier release kept without knowing whose prices they show go.
      await inTurn(sweepPriced)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data || {}
  // The page signed a buyer in or out: every priced copy goes, and so does any answer still on
  // its way from before (it may show the earlier sign-in's prices).
  if (data.type === 'sign-in-changed') {
    event.waitUntil(
      inTurn(async () => {
        await forgetPriced()
        await recordSignIn('changed', Date.now())
      }),
    )
  }
  // A page opened before this worker controlled it: keep it, and the scripts, styles and photos
  // it loaded (from the browser's cache: no new download), as if they had come through here.
  if (data.type === 'seen' && typeof data.url === 'string') {
    const keepSeen = async () => {
      const url = new URL(data.url)
      const driverPage = url.pathname === DRIVER_PAGE
      if (url.origin !== self.location.origin || !(isPage(url) || driverPage)) return
      if (driverPage) await driverCopy(new Request(url.origin + DRIVER_PAGE), DRIVER_PAGE)
      else await refresh(new Request(url.href), SHELL)
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
    event.waitUntil(keepSeen().catch(() => undefined))
  }
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname === DRIVER_PAGE || url.pathname === DRIVER_RUN) {
    event.respondWith(driverCopy(request, url.pathname))
    return
  }
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

/**
 * The driver's page (whatever its query: the link's token is used once) and run: the network's
 * answer, kept; without signal, the kept copy. A 401 (the link revoked, the day over) deletes
 * every copy, so the run's customers leave the phone with the session.
 */
async function driverCopy(request, key) {
  const cache = await caches.open(DRIVER)
  try {
    const response = await fetch(request)
    if (response.status === 401) await caches.delete(DRIVER)
    else if (response.ok && !response.redirected) await cache.put(key, response.clone())
    return response
  } catch (error) {
    const kept = await cache.match(key)
    if (kept) return kept
    throw error
  }
}

const STATIC_FILES = new Set(['/icon.svg', '/placeholder.svg'])

/** The storefront's pages: the shop (any search), a product, the privacy notice. */
function isPage(url) {
  return url.pathname === '/' || /^\/p\/[^/]+$/.test(url.pathname) || url.pathname === '/privacy'
}

/** Where the shop's prices show: its pages and catalogue reads (a buyer's, once signed in). */
function isPriced(url) {
  return (
    url.pathname === '/' || /^\/p\/[^/]+$/.test(url.pathname) || url.pathname === '/api/products'
  )
}

/** A search page not seen offline opens the shop as it was last seen; it then searches its copy. */
async function pageFallback(request) {
  const url = new URL(request.url)
  if (url.pathname !== '/') return undefined
  return keptCopy(new Request(new URL('/', url).href), SHELL)
}

/** The kept copy of `request` that may be shown now (`mayShow`), if any. */
async function keptCopy(request, cacheName) {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(request, { ignoreVary: true })
  return kept && (await mayShow(cache, request, kept)) ? kept : undefined
}

/**
 * Whether a kept copy may be shown without a word from the shop: anything without prices; a
 * priced copy only when it belongs to the sign-in the copies are kept for, and a buyer's only
 * until their sign-in's end, by the phone's clock. The shop may have ended the sign-in sooner
 * (the owner deactivated the account, a new password, another device's sign-out): the worker
 * learns that from the next answer the shop gives this phone, and until then cannot know.
 */
async function mayShow(cache, request, kept) {
  if (!isPriced(new URL(request.url))) return true
  const signIn = kept.headers.get(SIGN_IN)
  const record = await signInRecord()
  if (!signIn || !record || record.signIn !== signIn) {
    await cache.delete(request, { ignoreVary: true })
    return false
  }
  if (viewerOfCopy(kept) === 'guest' || Number(signIn.split(' ')[1]) > Date.now()) return true
  // The sign-in has run out: so has every copy of its prices.
  await inTurn(forgetPriced)
  return false
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
    (await keptCopy(request, cacheName)) || (fallback ? await fallback(request) : undefined)
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
 * before waits for the network. The cart's and checkout's reads of stock never come here. A
 * buyer's read waits for the shop as a page does: only the shop knows whether the sign-in holds.
 */
async function staleWhileRevalidate(request, cacheName, event) {
  const kept = await keptCopy(request, cacheName)
  if (kept && viewerOfCopy(kept) !== 'guest') return networkFirst(request, cacheName)
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
 * tag goes with the request, pages included (a buyer's page is kept by no browser cache), so an
 * unchanged one costs a 304's headers, not the body again.
 */
async function refresh(request, cacheName) {
  const cache = await caches.open(cacheName)
  const kept = await keptCopy(request, cacheName)
  const etag = kept && kept.headers.get('etag')
  const sentAt = Date.now()
  const headers = new Headers(request.headers)
  if (etag) headers.set('if-none-match', etag)
  // A navigation cannot be sent again with a header added: its address is asked for, and a
  // redirect handed back for the browser to follow, as a navigation's is.
  const response = etag
    ? await fetch(request.url, {
        headers,
        credentials: 'same-origin',
        redirect: request.mode === 'navigate' ? 'manual' : 'follow',
      })
    : await fetch(request)
  if (response.status === 304 && kept) {
    const copy = stamped(await kept.blob(), kept, response.headers.get(SIGN_IN))
    await keep(cache, request, copy.clone(), sentAt)
    return copy
  }
  if (!response.ok || response.type !== 'basic' || response.redirected) return response
  const body = await response.clone().blob()
  await keep(cache, request, stamped(body, response), sentAt)
  scheduleTrim()
  return response
}

/**
 * A copy of `from` with `body`, saying when it was kept and how large it is, and whose prices it
 * shows (`signIn`: a 304's word for the body it confirms).
 */
function stamped(body, from, signIn = from.headers.get(SIGN_IN)) {
  const headers = new Headers(from.headers)
  headers.set(STORED_AT, String(Date.now()))
  headers.set(SIZE, String(body.size))
  if (signIn) headers.set(SIGN_IN, signIn)
  else headers.delete(SIGN_IN)
  return new Response(body, { status: from.status, statusText: from.statusText, headers })
}

/**
 * Keeps a fresh copy; a priced one only when the shop said whose prices it shows, under that
 * sign-in. The first answer naming another sign-in than the kept copies' (a guest's after a
 * buyer's: the sign-in ended, whatever ended it; another buyer's) takes every earlier priced copy
 * away; an answer to a request sent before that change is not kept, as it may show the earlier
 * sign-in's prices.
 */
function keep(cache, request, copy, sentAt) {
  if (!isPriced(new URL(request.url))) return cache.put(request, copy)
  const signIn = copy.headers.get(SIGN_IN)
  if (signIn !== GUEST && !/^\S+ \d+$/.test(signIn || '')) return Promise.resolve()
  return inTurn(async () => {
    const record = await signInRecord()
    if (!record || record.signIn !== signIn) {
      if (record && sentAt < record.since) return
      await forgetPriced()
      await recordSignIn(signIn, sentAt)
    }
    await cache.put(request, copy)
  })
}

let turn = Promise.resolve()
/** Runs `work` after the sign-in changes and priced writes begun before it: they never interleave. */
function inTurn(work) {
  const run = turn.then(work)
  turn = run.catch(() => undefined)
  return run
}

async function signInRecord() {
  const kept = await (await caches.open(SEEN)).match(SIGN_IN_RECORD)
  return kept ? kept.json() : undefined
}

function recordSignIn(signIn, since) {
  const body = JSON.stringify({ signIn, since })
  return caches.open(SEEN).then((cache) => cache.put(SIGN_IN_RECORD, new Response(body)))
}

/** Deletes every priced copy, in every cache of the shop's. */
async function forgetPriced() {
  for (const name of await caches.keys()) {
    if (!name.startsWith('kc-')) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      if (isPriced(new URL(request.url))) await cache.delete(request, { ignoreVary: true })
    }
  }
}

/** Deletes the priced copies that do not belong to the recorded sign-in (or all, with none). */
async function sweepPriced() {
  const record = await signInRecord()
  for (const name of await caches.keys()) {
    if (!name.startsWith('kc-')) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      if (!isPriced(new URL(request.url))) continue
      const kept = await cache.match(request, { ignoreVary: true })
      if (!record || !kept || kept.headers.get(SIGN_IN) !== record.signIn)
        await cache.delete(request, { ignoreVary: true })
    }
  }
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
      if (new URL(request.url).pathname === SIGN_IN_RECORD) continue
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
