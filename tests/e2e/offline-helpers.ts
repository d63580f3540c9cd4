import type { BrowserContext, Page, Route } from '@playwright/test'

/*
 * Offline for a page and its service worker alike: Chromium's own (context.setOffline) for the
 * page, and every request the service worker makes refused as a lost connection (setOffline does
 * not reach a worker's fetches; PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS lets
 * context.route see them, playwright.config.ts).
 */

const refuseWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()

export async function goOffline(context: BrowserContext) {
  await context.route('**', refuseWorker)
  await context.setOffline(true)
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**', refuseWorker)
  await context.setOffline(false)
}

/** Waits until the service worker controls the page (it installs once the first page is idle). */
export async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  })
}

/** Whether the worker keeps a copy of `pathAndQuery` in any of its caches. */
export function kept(page: Page, pathAndQuery: string) {
  return page.evaluate(async (wanted) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const url = new URL(request.url)
        if (url.pathname + url.search === wanted) return true
      }
    }
    return false
  }, pathAndQuery)
}
