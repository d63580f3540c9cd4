import { expect, type Locator, type Page } from '@playwright/test'

import { test } from './fixtures'
import {
  addToCart,
  adminApi,
  baseURL,
  card,
  cartButton,
  createProduct,
  isPhone,
  search,
  typeSearch,
} from './helpers'

/** The category's button is pressed and every card shown is in it. */
async function expectOnlyCategory(page: Page, category: string) {
  await expect(page.getByRole('button', { name: category, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // The button is pressed at once; the cards follow when the server has answered.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.locator('[data-sku]:visible').first()).toBeVisible()
  const shown = await page.locator('[data-sku]:visible .product-category').allTextContents()
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.every((c) => c.toLowerCase() === category.toLowerCase())).toBe(true)
}

test.describe('browsing', () => {
  test('shows the catalogue with rand prices, specials and sold-out cards', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'KC Wholesale', level: 1 })).toBeVisible()
    await search(page, 'Solar Rechargeable Lantern')
    const lantern = card(page, 'Solar Rechargeable Lantern')
    await expect(lantern.locator('.price-now')).toHaveText(/^R\s199,99$/)
    await expect(lantern.locator('s')).toHaveText(/^R\s249,99$/)
    await search(page, '2-Plate Electric Stove')
    const stove = card(page, '2-Plate Electric Stove')
    await expect(stove.getByText('Out of Stock').first()).toBeVisible()
    await expect(
      stove.getByRole('button', { name: 'Out of Stock: 2-Plate Electric Stove' }),
    ).toBeDisabled()
    const colour = (line: Locator) => line.evaluate((el) => getComputedStyle(el).color)
    const onCard = await colour(stove.locator('.product-stock'))
    await page.goto('/p/ELE-007')
    const onPage = page.locator('.product-detail .product-stock')
    await expect(onPage).toHaveText('Out of Stock')
    expect(await colour(onPage)).toBe(onCard)
    await page.goto('/p/ELE-003')
    expect(await colour(page.locator('.product-detail .product-stock'))).not.toBe(onCard)
  })

  test('stock short of the minimum order is sold out on the card and the page alike', async ({
    page,
  }) => {
    // Five left of a product sold twelve at a time: nobody can buy it, wherever it is shown.
    const product = await createProduct({ minQty: 12, inStock: 5 })
    await page.goto('/')
    await search(page, product.name)
    const shown = card(page, product.name)
    await expect(shown.locator('.sold-out-overlay')).toHaveText('Out of Stock')
    await expect(shown.locator('.product-stock')).toHaveText('Out of Stock')
    await expect(
      shown.getByRole('button', { name: `Out of Stock: ${product.name}` }),
    ).toBeDisabled()
    await page.goto(`/p/${product.sku}`)
    const detail = page.locator('.product-detail')
    await expect(detail.locator('.sold-out-overlay')).toHaveText('Out of Stock')
    await expect(detail.locator('.product-stock')).toHaveText('Out of Stock')
    await expect(detail.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  })

  test('searches name or sku in any case, within the chosen category', async ({ page }) => {
    await page.goto('/')
    await search(page, 'LANTERN')
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(1)
    await search(page, 'hea-00')
    const skus = await page
      .locator('[data-sku]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-sku')))
    expect(skus.length).toBeGreaterThan(0)
    expect(skus.every((s) => s?.startsWith('HEA-00'))).toBe(true)
    await search(page, '')
    await page.getByRole('button', { name: 'Clothing', exact: true }).click()
    await expectOnlyCategory(page, 'Clothing')
    await search(page, 'lantern')
    await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible()
    await expect(page.getByText('No products match your search for "lantern".')).toBeVisible()
  })

  test('says when a category has nothing', async ({ page }) => {
    await page.goto('/')
    await search(page, 'zzz-no-such-thing')
    await expect(
      page.getByText('No products match your search for "zzz-no-such-thing".'),
    ).toBeVisible()
  })

  test('renders more cards as the list is scrolled', async ({ page }) => {
    test.skip(isPhone(page), 'phones page with Load More')
    await page.goto('/')
    const total = (await (await fetch(`${baseURL()}/api/products`)).json()).length as number
    expect(total).toBeGreaterThan(24)
    await expect(page.locator('[data-sku]')).toHaveCount(24)
    await page.locator('.render-more').scrollIntoViewIfNeeded()
    await expect(page.locator('[data-sku]')).toHaveCount(Math.min(total, 72))
  })

  test('shows the Admin button only with ?admin=1', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    await page.goto('/?admin=1')
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  })
})

test.describe('phones', () => {
  test('two columns, 6 products first, Load More adds 6', async ({ page }) => {
    test.skip(!isPhone(page), 'phone layout only')
    await page.goto('/')
    const grid = page.getByRole('list', { name: 'Products' })
    const total = (await (await fetch(`${baseURL()}/api/products`)).json()).length as number
    expect(total).toBeGreaterThan(12)
    await expect(grid.locator('li:visible')).toHaveCount(6)
    const columns = await grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length,
    )
    expect(columns).toBe(2)
    const more = page.getByRole('button', { name: `Load More Products (${total - 6} remaining)` })
    await more.click()
    await expect(grid.locator('li:visible')).toHaveCount(12)
    await expect(
      page.getByRole('button', { name: `Load More Products (${total - 12} remaining)` }),
    ).toBeVisible()
  })

  test('the cart is a bottom sheet at 80% of the screen with a summary bar', async ({ page }) => {
    test.skip(!isPhone(page), 'phone layout only')
    const product = await createProduct({ price: 50 })
    await page.goto('/')
    await addToCart(page, product.name)
    const bar = page.getByRole('region', { name: 'Cart summary' })
    await expect(bar).toContainText('1 item')
    await expect(bar).toContainText(/R\s50,00/)
    await bar.getByRole('button', { name: 'View Cart' }).click()
    const sheet = page.getByRole('dialog', { name: 'Your Cart' })
    const box = (await sheet.boundingBox())!
    expect(Math.round(box.height)).toBe(Math.round(844 * 0.8))
    expect(Math.round(box.y + box.height)).toBe(844)
  })
})

test.describe('cart', () => {
  test('adding shows a toast and the badge, and the cart survives a reload', async ({ page }) => {
    const product = await createProduct()
    await page.goto('/')
    await addToCart(page, product.name)
    await expect(page.locator('.toast')).toContainText(
      `${product.name} has been added to your cart.`,
    )
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
    await page.reload()
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
    const saved = await page.evaluate(() => localStorage.getItem('kc-cart'))
    expect(JSON.parse(saved!).state.items[0]).toMatchObject({ sku: product.sku, quantity: 1 })
  })

  test("follows the cart's changes in another tab", async ({ page, context }) => {
    const product = await createProduct()
    await page.goto('/')
    const other = await context.newPage()
    await other.goto('/')
    await addToCart(other, product.name)
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
    await cartButton(other).click()
    await other
      .getByRole('dialog', { name: 'Your Cart' })
      .getByRole('button', { name: `Remove ${product.name} from cart` })
      .click()
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
    await other.close()
  })

  test('ignores a corrupt saved cart with a console warning', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
    await page.addInitScript(() => localStorage.setItem('kc-cart', '{"state":{"items":[{"sku":1}]'))
    await page.goto('/')
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
    await expect.poll(() => warnings.some((w) => w.includes('corrupt saved cart'))).toBe(true)
  })

  test('caps quantities at the stock, removes at zero, and shows what is missing for free delivery', async ({
    page,
  }) => {
    const product = await createProduct({ price: 100, inStock: 2 })
    await page.goto('/')
    await addToCart(page, product.name)
    await cartButton(page).click()
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    const increase = cart.getByRole('button', { name: `Increase quantity of ${product.name}` })
    await increase.click()
    await expect(cart.getByTestId(`qty-${product.sku}`)).toHaveText('2')
    await expect(increase).toBeDisabled()
    await expect(cart.getByText(/Add R\s300,00 more for free delivery/)).toBeVisible()
    await cart.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click()
    await cart.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click()
    await expect(cart.getByText('Your cart is empty')).toBeVisible()
    await expect(cart.getByText('Add some products to get started!')).toBeVisible()
  })
  test("a short cart's lines sit at the top of the panel, each one compact", async ({ page }) => {
    const product = await createProduct()
    await page.goto('/')
    await addToCart(page, product.name)
    await cartButton(page).click()
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    const title = (await cart.getByRole('heading', { name: 'Your Cart' }).boundingBox())!
    const line = (await cart.getByRole('listitem').filter({ hasText: product.name }).boundingBox())!
    // Name, price, quantity and Remove take about 90 px; a stretched row filled the panel.
    expect(line.height).toBeLessThan(130)
    expect(line.y - (title.y + title.height)).toBeLessThan(80)
  })
})

test.describe('first view', () => {
  test('sends the first 24 products with the page and asks the server for each search', async ({
    page,
  }) => {
    const all = (await (await fetch(`${baseURL()}/api/products`)).json()) as { name: string }[]
    expect(all.length).toBeGreaterThan(24)
    const html = await (await fetch(`${baseURL()}/`)).text()
    expect(html).toContain(all[23]!.name)
    expect(html).not.toContain(all[all.length - 1]!.name)

    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/products') asked.push(url.search)
    })
    // Hold the search back to see what a shopper sees before it arrives (the context's route
    // holds the service worker's request too, once it controls the page).
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.context().route('**/api/products?**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await expect(page.locator('[data-sku]')).toHaveCount(isPhone(page) ? 6 : 24)
    if (isPhone(page)) {
      await expect(page.getByRole('button', { name: /^Load More Products/ })).toHaveText(
        `Load More Products (${all.length - 6} remaining)`,
      )
    }
    const last = all[all.length - 1]!.name
    await typeSearch(page, last)
    const skeleton = page.getByRole('list', { name: 'Loading products' })
    await expect(skeleton).toBeVisible()
    await expect(skeleton.locator('li.skeleton')).toHaveCount(8)
    await expect(page.getByRole('heading', { name: 'No Products Found' })).toHaveCount(0)
    release()
    await expect(card(page, last)).toBeVisible()
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(last).replace(/%20/g, '+')}`)
    // Only pages of the search were asked for, never the whole catalogue.
    expect(asked.length).toBeGreaterThan(0)
    for (const query of asked) {
      const params = new URLSearchParams(query)
      expect(params.get('q')).toBe(last)
      expect(Number(params.get('limit'))).toBeLessThanOrEqual(24)
    }
  })

  test('a search or category is in the address: it can be shared, and Back returns to it', async ({
    page,
  }) => {
    await page.goto('/?q=lantern')
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lantern')
    await expect(page.locator('[data-sku]')).toHaveCount(1)
    await expect(card(page, 'Solar Rechargeable Lantern')).toBeVisible()

    await page.goto('/?category=Clothing')
    await expectOnlyCategory(page, 'Clothing')

    await page.getByRole('button', { name: 'Electronics', exact: true }).click()
    await expect(page).toHaveURL('/?category=Electronics')
    await search(page, 'lantern')
    await expect(page).toHaveURL('/?q=lantern&category=Electronics')
    await expect(page.locator('[data-sku]')).toHaveCount(1)
    await page.goBack()
    await expect(page).toHaveURL('/?category=Electronics')
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('')
    await page.goBack()
    await expect(page).toHaveURL('/?category=Clothing')
    await expect(page.getByRole('button', { name: 'Clothing', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.locator('[data-sku]:visible .product-category').first()).toHaveText(
      /clothing/i,
    )
  })

  test('keeps to the short type scale, since each size and weight costs Chromium a font lookup', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.locator('[data-sku]')).toHaveCount(isPhone(page) ? 6 : 24)
    const styles = await page.evaluate(() => {
      const seen = new Set<string>()
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement!
        if (!node.textContent!.trim() || element.getClientRects().length === 0) continue
        const style = getComputedStyle(element)
        seen.add(`${style.fontSize} ${style.fontWeight}`)
      }
      return [...seen].sort()
    })
    // Three sizes in two weights; a laptop adds the larger shop name and the search box's 16 px.
    const scale = ['12px 400', '14.4px 400', '14.4px 600', '17.6px 600']
    expect(styles).toEqual(isPhone(page) ? scale : [...scale, '16px 400', '21.6px 600'].sort())
  })

  test('fetches the list again when the window regains focus', async ({ page }) => {
    const product = await createProduct({ price: 120 })
    await page.goto('/')
    await search(page, product.name)
    const price = card(page, product.name).locator('.price-now')
    await expect(price).toHaveText(/^R\s120,00$/)
    const res = await adminApi('PUT', `/api/products/${product.sku}`, { price: 95.5 })
    expect(res.status).toBe(200)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(price).toHaveText(/^R\s95,50$/)
  })

  test('says when the product list fails to load, and Try Again reloads the page', async ({
    page,
  }) => {
    // The context's route sees the service worker's requests too: the failure passes through it.
    await page
      .context()
      .route('**/api/products?**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
      )
    await page.goto('/')
    await search(page, 'lantern')
    await expect(page.getByRole('heading', { name: 'Failed to Load Products' })).toBeVisible()
    await page.context().unroute('**/api/products?**')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('heading', { name: 'Failed to Load Products' })).toHaveCount(0)
    await search(page, 'lantern')
    await expect(card(page, 'Solar Rechargeable Lantern')).toBeVisible()
  })
})

test.describe('product photos', () => {
  test('the first screen loads at once, the first photos first; the rest wait until near', async ({
    page,
  }) => {
    const eager = isPhone(page) ? 4 : 12
    // A phone's first screen is 2 rows of 2; a laptop's first row is 5 photos.
    const priority = isPhone(page) ? 4 : 5
    await page.goto('/')
    // The server guesses the screen from the browser's mobile hint or user agent, so a phone's
    // HTML holds only its 6 cards and asks for its 4 photos, not a laptop's 24 and 12.
    const answer = await page.request.get('/', {
      headers: { 'user-agent': await page.evaluate(() => navigator.userAgent) },
    })
    const html = await answer.text()
    expect(html.match(/data-sku="/g)).toHaveLength(isPhone(page) ? 6 : 24)
    const eagerSources = [...html.matchAll(/<img [^>]*loading="eager"[^>]*/g)].map(
      ([tag]) => / src="([^"]*)"/.exec(tag)?.[1],
    )
    expect(eagerSources).toHaveLength(eager)
    // React preloads each eager photo once per address: cards that share a photo (or the
    // placeholder) share one preload. A photo without a srcset (the placeholder) that renders
    // before the page's head is sent is preloaded in the Link header instead of the HTML: which
    // one depends on how the render's chunks arrive, so both are counted.
    const inHtml = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    const inHeader = (answer.headers().link ?? '')
      .split(/,\s*(?=<)/)
      .filter((entry) => /; rel=preload; as="image"/.test(entry))
    for (const entry of inHeader) expect(eagerSources).toContain(/^<([^>]*)>/.exec(entry)?.[1])
    const distinct = (sources: (string | undefined)[]) => new Set(sources).size
    expect(inHtml.length + inHeader.length).toBe(distinct(eagerSources))
    expect(
      inHtml.filter((link) => link.includes('fetchPriority="high"')).length +
        inHeader.filter((entry) => entry.includes('fetchpriority="high"')).length,
    ).toBe(distinct(eagerSources.slice(0, priority)))
    await expect(page.locator('[data-sku] img[loading="eager"]')).toHaveCount(eager)
    const photos = await page.locator('[data-sku]').evaluateAll((cards) =>
      cards.map((card) => {
        const img = card.querySelector('img')
        return img
          ? {
              loading: img.getAttribute('loading'),
              priority: img.getAttribute('fetchpriority'),
              decoding: img.getAttribute('decoding'),
              srcset: img.getAttribute('srcset'),
            }
          : null
      }),
    )
    photos.slice(0, eager).forEach((photo, index) => {
      expect(photo?.loading).toBe('eager')
      expect(photo?.priority).toBe(index < priority ? 'high' : 'auto')
      expect(photo?.decoding).toBe(index < priority ? 'auto' : 'async')
    })
    expect(photos[0]?.srcset?.match(/ \d+w/g)).toEqual([' 200w', ' 400w', ' 600w', ' 800w'])

    // A card far below the first screen has no photo until it comes near.
    const far = isPhone(page) ? 17 : 23
    if (isPhone(page)) {
      for (const shown of [12, 18]) {
        await page.getByRole('button', { name: /^Load More Products/ }).click()
        await expect(page.locator('[data-sku]:visible')).toHaveCount(shown)
      }
    }
    const farCard = page.locator('[data-sku]').nth(far)
    await expect(farCard.locator('img')).toHaveCount(0)
    await farCard.scrollIntoViewIfNeeded()
    await expect(farCard.locator('img')).toHaveAttribute('loading', 'lazy')
  })

  test('a wrong guess of the screen is put right once the page runs', async ({ browser, page }) => {
    const phone = isPhone(page)
    // This screen with the other kind's hint: a phone's browser on a wide screen, or a laptop's
    // browser in a narrow window.
    const context = await browser.newContext({
      viewport: page.viewportSize()!,
      extraHTTPHeaders: { 'sec-ch-ua-mobile': phone ? '?0' : '?1' },
    })
    const other = await context.newPage()
    const served: string[] = []
    other.on('response', (res) => {
      if (res.request().resourceType() === 'document') void res.text().then((t) => served.push(t))
    })
    await other.goto('/')
    await expect(other.locator('[data-sku]')).toHaveCount(phone ? 6 : 24)
    await expect(other.locator('[data-sku] img[loading="eager"]')).toHaveCount(phone ? 4 : 12)
    await expect(other.locator('[data-sku] img[fetchpriority="high"]')).toHaveCount(phone ? 4 : 5)
    // The server had guessed the other kind from the hint: its first screen is in the HTML.
    expect(served[0]?.match(/<img [^>]*loading="eager"/g)).toHaveLength(phone ? 12 : 4)
    expect(served[0]?.match(/data-sku="/g)).toHaveLength(phone ? 24 : 6)
    await context.close()
  })

  test("the page's largest paint is a photo fetched at high priority", async ({ page }) => {
    await page.goto('/')
    await page.locator('[data-sku] img').first().waitFor()
    const largest = await page.evaluate(
      () =>
        new Promise<{ tag?: string; priority?: string | null }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[]
            const element = entries[entries.length - 1]?.element
            resolve({ tag: element?.tagName, priority: element?.getAttribute('fetchpriority') })
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
    )
    expect(largest).toEqual({ tag: 'IMG', priority: 'high' })
  })

  test.describe('without the service worker', () => {
    // The worker keeps the placeholder from the first page: here it must come from the network.
    test.use({ serviceWorkers: 'block' })

    test('a photo that fails shows the placeholder, and "Image unavailable" if that fails too', async ({
      page,
    }) => {
      const product = await createProduct({
        imageURL: '/cms/api/media/file/e2e-missing-photo.webp',
      })
      await page.goto('/')
      await search(page, product.name)
      const image = card(page, product.name).locator('.product-image')
      await expect(image.locator('img')).toHaveAttribute('src', '/placeholder.svg')
      await expect(image.locator('img')).toHaveAttribute('alt', product.name)

      await page.route('**/placeholder.svg', (route) => route.fulfill({ status: 404 }))
      await page.reload()
      await search(page, product.name)
      await expect(image).toHaveText('Image unavailable')
      await expect(image.locator('img')).toHaveCount(0)
    })
  })
})

test.describe('notifications', () => {
  test('one at a time, gone after 5 seconds, and a swipe right past 50 px dismisses', async ({
    page,
  }) => {
    // Counts the toasts on screen at every change of the page, so a moment with two is seen.
    await page.addInitScript(() => {
      const seen = window as unknown as { mostToasts: number }
      seen.mostToasts = 0
      new MutationObserver(() => {
        seen.mostToasts = Math.max(seen.mostToasts, document.querySelectorAll('.toast').length)
      }).observe(document, { childList: true, subtree: true })
    })
    const first = await createProduct()
    const second = await createProduct()
    await page.goto('/')
    await addToCart(page, first.name)
    await addToCart(page, second.name)
    const toast = page.locator('.toast')
    await expect(toast).toHaveCount(1)
    await expect(toast).toContainText(`${second.name} has been added to your cart.`)
    expect(
      await page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts),
    ).toBe(1)

    // Away from the toast: a pointer over it holds it open.
    await page.mouse.move(5, 5)
    await card(page, second.name)
      .getByRole('button', { name: `Add to Cart: ${second.name}` })
      .click()
    await page.mouse.move(5, 5)
    await expect(toast).toContainText('Added to Cart')
    const shown = Date.now()
    await expect(toast).toHaveCount(0, { timeout: 10_000 })
    const lasted = Date.now() - shown
    expect(lasted).toBeGreaterThan(4_500)
    expect(lasted).toBeLessThan(8_000)

    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!
      const y = box.y + box.height / 2
      await page.mouse.move(box.x + 20, y)
      await page.mouse.down()
      await page.mouse.move(box.x + 20 + dx, y, { steps: 8 })
      await page.mouse.up()
    }
    await addToCart(page, first.name)
    await swipe(30)
    await expect(toast).toBeVisible()
    await swipe(80)
    await expect(toast).toHaveCount(0, { timeout: 2_000 })
  })
})
