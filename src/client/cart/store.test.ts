import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  CART_STORAGE_KEY,
  createCartStore,
  followOtherTabs,
  itemCount,
  OutOfStockError,
  linePrice,
  type CartItem,
} from './store'
import { cartQuote } from './cart-quote'

/** The cart's quote for an area charging `feeCents`, as checkout shows it. */
function totals(items: CartItem[], feeCents: number, freeFromCents: number) {
  const area = { slug: 'a', name: 'A', feeCents, minimumCents: null }
  const { subtotal, fee, total, freeDelivery } = cartQuote(items, area, {
    freeFromCents,
    minimumCents: null,
  })
  return { subtotal, fee, total, freeDelivery }
}

const subtotal = (items: CartItem[]) => totals(items, 0, Infinity).subtotal

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

const lantern = {
  sku: 'ELE-003',
  name: 'Solar Lantern',
  price: 249.99,
  specialPrice: 199.99,
  inStock: 3,
}
const socks = {
  sku: 'CLO-009',
  name: 'Socks',
  price: 149,
  inStock: 10,
  imageURL: '/img/socks.webp',
}

afterEach(() => vi.restoreAllMocks())

describe('cart store', () => {
  it('adds items at the special price and raises the quantity of one already there', () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(lantern)
    cart.getState().addItem(socks)
    cart.getState().addItem(lantern)
    expect(cart.getState().items).toEqual([
      { sku: 'ELE-003', name: 'Solar Lantern', price: 199.99, inStock: 3, quantity: 2 },
      {
        sku: 'CLO-009',
        name: 'Socks',
        price: 149,
        inStock: 10,
        quantity: 1,
        image: '/img/socks.webp',
      },
    ])
    expect(itemCount(cart.getState().items)).toBe(3)
    expect(subtotal(cart.getState().items)).toBe(2 * 19999 + 14900)
  })

  it('caps quantities at the stock captured when added', () => {
    const cart = createCartStore(memory())
    for (let i = 0; i < 5; i++) cart.getState().addItem(lantern)
    expect(cart.getState().items[0]!.quantity).toBe(3)
    cart.getState().updateQuantity('ELE-003', 99)
    expect(cart.getState().items[0]!.quantity).toBe(3)
    cart.getState().updateQuantity('ELE-003', 2)
    expect(cart.getState().items[0]!.quantity).toBe(2)
  })

  it('removes a line set to 0 or less, and on remove', () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(lantern)
    cart.getState().addItem(socks)
    cart.getState().updateQuantity('ELE-003', 0)
    expect(cart.getState().items.map((i) => i.sku)).toEqual(['CLO-009'])
    cart.getState().updateQuantity('CLO-009', -3)
    expect(cart.getState().items).toEqual([])
    cart.getState().addItem(socks)
    cart.getState().removeItem('CLO-009')
    expect(cart.getState().items).toEqual([])
  })

  it("takes today's price, special, rules and stock for its lines, keeping their quantities", () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(lantern, 2)
    cart.getState().addItem(socks)
    cart.getState().refreshProducts([
      { ...lantern, sku: 'ele-003', price: 219.99, specialPrice: 209.99, inStock: 8 },
      { sku: 'GONE-1', name: 'Not in the cart', price: 1, inStock: 1 },
    ])
    const [refreshed, kept] = cart.getState().items
    expect(refreshed).toMatchObject({ sku: 'ELE-003', price: 209.99, inStock: 8, quantity: 2 })
    expect(kept).toEqual(cart.getState().items[1])
    expect(kept).toMatchObject({ sku: 'CLO-009', price: 149, quantity: 1 })
    cart.getState().refreshProducts([{ ...lantern, priceBreaks: [{ from: 2, price: 150 }] }])
    expect(linePrice(cart.getState().items[0]!).unitCents).toBe(15000)
  })

  it('refuses an out-of-stock product', () => {
    const cart = createCartStore(memory())
    expect(() => cart.getState().addItem({ ...socks, inStock: 0 })).toThrow(OutOfStockError)
    expect(() => cart.getState().addItem({ ...socks, inStock: 0 })).toThrow(
      'This product is currently out of stock.',
    )
    expect(cart.getState().items).toEqual([])
  })

  it('clears, opens, closes and toggles', () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(socks)
    cart.getState().clearCart()
    expect(cart.getState().items).toEqual([])
    cart.getState().setOpen(true)
    expect(cart.getState().isOpen).toBe(true)
    cart.getState().toggleOpen()
    expect(cart.getState().isOpen).toBe(false)
  })

  it('saves the items (not the open flag) and loads them again', async () => {
    const storage = memory()
    const first = createCartStore(storage)
    first.getState().addItem(socks)
    first.getState().setOpen(true)
    const saved = JSON.parse(storage.data.get(CART_STORAGE_KEY)!) as { state: object }
    expect(saved.state).toEqual({
      items: [expect.objectContaining({ sku: 'CLO-009', quantity: 1 })],
    })
    const second = createCartStore(storage)
    await second.persist.rehydrate()
    expect(second.getState().items).toEqual(first.getState().items)
    expect(second.getState().isOpen).toBe(false)
  })

  it('ignores a corrupt saved cart with a warning', async () => {
    for (const corrupt of ['{not json', '{"state":{"items":[{"sku":"X","price":"free"}]}}', '42']) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const storage = memory({ [CART_STORAGE_KEY]: corrupt })
      const cart = createCartStore(storage)
      await cart.persist.rehydrate()
      expect(cart.getState().items).toEqual([])
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('corrupt saved cart'))
      warn.mockRestore()
    }
  })

  it("follows another tab's changes, and stops when told", async () => {
    const storage = memory()
    const here = createCartStore(storage)
    here.getState().addItem(socks)
    const window = new EventTarget()
    const stop = followOtherTabs(here, window)
    const changedElsewhere = async (key: string | null, newValue: string | null) => {
      if (key !== null && newValue !== null) storage.data.set(key, newValue)
      window.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }))
      await Promise.resolve()
    }

    const there = createCartStore(memory())
    there.getState().addItem(lantern, 2)
    there.getState().addItem(socks)
    const saved = JSON.stringify({ state: { items: there.getState().items }, version: 1 })
    await changedElsewhere(CART_STORAGE_KEY, saved)
    expect(here.getState().items).toEqual(there.getState().items)

    await changedElsewhere('theme', 'dark')
    expect(itemCount(here.getState().items)).toBe(3)

    storage.data.delete(CART_STORAGE_KEY)
    await changedElsewhere(CART_STORAGE_KEY, null)
    expect(here.getState().items).toEqual([])

    here.getState().addItem(socks)
    await changedElsewhere(null, null)
    expect(here.getState().items).toEqual([])

    here.getState().addItem(socks)
    stop()
    await changedElsewhere(CART_STORAGE_KEY, saved)
    expect(itemCount(here.getState().items)).toBe(1)
  })
})

describe('a cart of products with wholesale rules', () => {
  const rice = {
    sku: 'RICE-10',
    name: 'Rice 10 kg',
    price: 10,
    inStock: 100,
    minQty: 10,
    caseSize: 6,
    priceBreaks: [
      { from: 24, price: 9 },
      { from: 48, price: 8.5 },
    ],
  }

  it('starts at the minimum in whole cases, steps by the case, and removes below the minimum', () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(rice)
    expect(cart.getState().items[0]).toMatchObject({ quantity: 12, minQty: 10, caseSize: 6 })
    cart.getState().addItem(rice)
    expect(cart.getState().items[0]!.quantity).toBe(18)
    cart.getState().updateQuantity('RICE-10', 20)
    expect(cart.getState().items[0]!.quantity).toBe(24)
    cart.getState().updateQuantity('RICE-10', 500)
    expect(cart.getState().items[0]!.quantity).toBe(96)
    cart.getState().updateQuantity('RICE-10', 6)
    expect(cart.getState().items).toEqual([])
  })

  it('prices each line at the break its quantity reaches, and names the next', () => {
    const cart = createCartStore(memory())
    cart.getState().addItem(rice, 18)
    const line = () => cart.getState().items[0]!
    expect(linePrice(line())).toMatchObject({
      unitCents: 1000,
      next: { from: 24, priceCents: 900 },
    })
    expect(subtotal(cart.getState().items)).toBe(18_000)
    cart.getState().updateQuantity('RICE-10', 24)
    expect(linePrice(line())).toMatchObject({ unitCents: 900, applied: { from: 24 } })
    expect(totals(cart.getState().items, 6000, 50_000)).toMatchObject({
      subtotal: 21_600,
      fee: 6000,
    })
  })

  it('refuses a product whose stock cannot cover its minimum', () => {
    const cart = createCartStore(memory())
    expect(() => cart.getState().addItem({ ...rice, inStock: 11 })).toThrow(OutOfStockError)
    expect(cart.getState().items).toEqual([])
  })

  it('keeps the rules across a reload, and drops a saved line with broken rules', async () => {
    const storage = memory()
    const cart = createCartStore(storage)
    cart.getState().addItem(rice)
    const again = createCartStore(storage)
    await again.persist.rehydrate()
    expect(again.getState().items[0]).toMatchObject({ caseSize: 6, priceBreaks: rice.priceBreaks })
    const saved = JSON.parse(storage.data.get(CART_STORAGE_KEY)!)
    saved.state.items[0].caseSize = 0
    storage.data.set(CART_STORAGE_KEY, JSON.stringify(saved))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const broken = createCartStore(storage)
    await broken.persist.rehydrate()
    expect(broken.getState().items).toEqual([])
  })
})

describe('cart totals', () => {
  const items = [
    { sku: 'A', name: 'A', price: 199.99, inStock: 9, quantity: 2 },
    { sku: 'B', name: 'B', price: 0.1, inStock: 9, quantity: 3 },
  ]
  it('charge the area fee below the free-delivery threshold, and none from it', () => {
    expect(totals(items, 8000, 50_000)).toEqual({
      subtotal: 40_028,
      fee: 8000,
      total: 48_028,
      freeDelivery: false,
    })
    expect(totals(items, 8000, 40_028)).toMatchObject({
      fee: 0,
      total: 40_028,
      freeDelivery: true,
    })
  })
})
