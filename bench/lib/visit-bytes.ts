/**
 * What a phone downloads to open the shop, counted on the wire: Chromium talks to the shop
 * through a TCP relay that counts every byte the shop sends (headers, bodies, the service
 * worker's own fetches, the manifest and icons), so nothing the browser or the worker does is
 * left out. Image bytes are counted apart from Chromium's network log (the page's own requests).
 * The phone is Lighthouse's mobile one: 412 x 823 CSS px at 1.75 device pixels.
 */
import net from 'node:net'

import { chromium, type BrowserContext, type Page } from '@playwright/test'

import { chromiumArgs, chromiumPath } from '../../tests/helpers/chromium'

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
}

/** A relay to `target` counting the bytes it sends back; `reset` starts a new count. */
async function countingRelay(target: URL) {
  let received = 0
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname)
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.byteLength
    })
    client.pipe(upstream).pipe(client)
    const close = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', close)
    upstream.on('error', close)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: () => received,
    reset: () => {
      received = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Image bytes the page received (its own requests, as Chromium's network log has them). */
async function imageCounter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const images = new Set<string>()
  let bytes = 0
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Image') images.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (images.has(event.requestId)) bytes += event.encodedDataLength
  })
  return () => bytes
}

/** Loads the page and waits until it and the service worker have nothing more to fetch. */
async function visit(page: Page, url: string, settle: () => number): Promise<void> {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  // Quiet: no byte for a whole second (the worker keeps what the page loaded while idle).
  let last = -1
  while (settle() !== last) {
    last = settle()
    await page.waitForTimeout(1000)
  }
}

export type VisitBytes = {
  firstVisit: number
  repeatVisit: number
  firstVisitImages: number
  saveData: { firstVisit: number; firstVisitImages: number }
}

/** A first and a repeat visit to `url`, and a first visit saving data, on a fresh phone each. */
export async function visitBytes(url: string): Promise<VisitBytes> {
  const target = new URL(url)
  const relay = await countingRelay(target)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const address = `${relay.url}${target.pathname}${target.search}`
    const phone = await browser.newContext(PHONE)
    const page = await phone.newPage()
    const images = await imageCounter(phone, page)
    relay.reset()
    await visit(page, address, relay.bytes)
    const firstVisit = relay.bytes()
    const firstVisitImages = images()
    relay.reset()
    await visit(page, address, relay.bytes)
    const repeatVisit = relay.bytes()
    await phone.close()

    const saving = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'save-data': 'on' } })
    const light = await saving.newPage()
    const lightImages = await imageCounter(saving, light)
    relay.reset()
    await visit(light, address, relay.bytes)
    const saveData = { firstVisit: relay.bytes(), firstVisitImages: lightImages() }
    await saving.close()
    return { firstVisit, repeatVisit, firstVisitImages, saveData }
  } finally {
    await browser.close()
    await relay.close()
  }
}
