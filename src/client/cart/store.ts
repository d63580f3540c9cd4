import { createStore } from 'zustand/vanilla'
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware'

import { fromCents, toCents } from '@/shared/money'
import { fitQuantity, unitPriceFor, type UnitPrice } from '@/modules/pricing/rules'
import { chargedOf, displayOf, type Display } from '@/modules/pricing/display'
import { rulesOf } from '@/modules/catalogue/product'

export const CART_STORAGE_KEY = 'kc-cart'

export type CartItem = {
  sku: string
  name: string
  price: number
  image?: string
  inStock: number
  quantity: number
  /** The product's wholesale rules when it was added, each only when set. */
  minQty?: number
  caseSize?: number
  priceBreaks?: { from: number; price: number }[]
}

/**
 * What is saved in localStorage; anything else found there is ignored. Checked by hand rather
 * than with zod: the cart is on every storefront page and its code must stay small.
 */
function isSavedCart(value: unknown): boolean {
  const items = (value as { state?: { items?: unknown } } | null)?.state?.items
  return Array.isArray(items) && items.every(isCartItem)
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    typeof item.sku === 'string' &&
    item.sku.length > 0 &&
    typeof item.name === 'string' &&
    typeof item.price === 'number' &&
    Number.isFinite(item.price) &&
    item.price > 0 &&
    (item.image === undefined || typeof item.image === 'string') &&
    Number.isInteger(item.inStock) &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) > 0 &&
    (item.minQty === undefined || isWhole(item.minQty)) &&
    (item.caseSize === undefined || isWhole(item.caseSize)) &&
    (item.priceBreaks === undefined ||
      (Array.isArray(item.priceBreaks) &&
        item.priceBreaks.every(
          (b: { from?: unknown; price?: unknown }) =>
            isWhole(b?.from) && typeof b.price === 'number' && b.price > 0,
        )))
  )
}

const isWhole = (value: unknown) => Number.isInteger(value) && (value as number) >= 1

export type CartProduct = {
  sku: string
  name: string
  price: number
  specialPrice?: number
  imageURL?: string
  inStock: number
  minQty?: number
  caseSize?: number
  priceBreaks?: { from: number; price: number }[]
}

export type CartState = {
  items: CartItem[]
  isOpen: boolean
  addItem: (product: CartProduct, quantity?: number) => void
  removeItem: (sku: string) => void
  updateQuantity: (sku: string, quantity: number) => void
  /** Today's name, price, rules and stock for the lines of these products; quantities kept. */
  refreshProducts: (products: readonly CartProduct[]) => void
  clearCart: () => void
  setOpen: (open: boolean) => void
  toggleOpen: () => void
}

/** A cart line for a product: its charged price, its rules and its stock as they are now. */
function itemOf(product: CartProduct, quantity: number): CartItem {
  return {
    sku: product.sku,
    name: product.name,
    price: fromCents(chargedOf(product)),
    inStock: product.inStock,
    quantity,
    ...(product.imageURL ? { image: product.imageURL } : {}),
    ...(product.minQty ? { minQty: product.minQty } : {}),
    ...(product.caseSize ? { caseSize: product.caseSize } : {}),
    ...(product.priceBreaks?.length ? { priceBreaks: product.priceBreaks } : {}),
  }
}

export class OutOfStockError extends Error {
  constructor(readonly sku: string) {
    super('This product is currently out of stock.')
  }
}

/**
 * The cart: plain TypeScript, bound to React in one provider. Quantities are capped at the stock
 * captured when the item was added; 0 or less removes the line. Only the items are saved.
 */
export function createCartStore(storage: StateStorage | undefined = browserStorage()) {
  return createStore<CartState>()(
    persist(
      (set) => ({
        items: [],
        isOpen: false,
        addItem: (product, quantity) => {
          const shown = displayOf(product, 0)
          if (shown.soldOut) throw new OutOfStockError(product.sku)
          const rules = rulesOf(product)
          set((state) => {
            const existing = state.items.find((i) => i.sku === product.sku)
            if (existing) {
              const more = quantity ?? shown.step
              return {
                items: state.items.map((i) =>
                  i.sku === product.sku
                    ? { ...i, quantity: fitQuantity(rules, i.quantity + more, i.inStock) }
                    : i,
                ),
              }
            }
            const item = itemOf(product, fitQuantity(rules, quantity ?? 1, product.inStock))
            return { items: [...state.items, item] }
          })
        },
        removeItem: (sku) => set((state) => ({ items: state.items.filter((i) => i.sku !== sku) })),
        updateQuantity: (sku, quantity) =>
          set((state) => ({
            // Below the smallest quantity the rules allow (1 without rules) removes the line.
            items: state.items.flatMap((i) => {
              if (i.sku !== sku) return [i]
              const rules = rulesOf(i)
              if (quantity < lineDisplay(i).smallest) return []
              const fitted = fitQuantity(rules, Math.floor(quantity), i.inStock)
              return fitted === 0 ? [] : [{ ...i, quantity: fitted }]
            }),
          })),
        refreshProducts: (products) =>
          set((state) => ({
            items: state.items.map((i) => {
              const now = products.find((p) => p.sku.toLowerCase() === i.sku.toLowerCase())
              return now ? itemOf({ ...now, sku: i.sku }, i.quantity) : i
            }),
          })),
        clearCart: () => set({ items: [] }),
        setOpen: (isOpen) => set({ isOpen }),
        toggleOpen: () => set((state) => ({ isOpen: !state.isOpen })),
      }),
      {
        name: CART_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => validatingStorage(storage ?? memoryStorage())),
        partialize: (state) => ({ items: state.items }),
        // The server renders an empty cart; the saved one is loaded after hydration.
        skipHydration: true,
      },
    ),
  )
}

export type CartStore = ReturnType<typeof createCartStore>

/**
 * Keeps a tab's cart in step with the shop's other tabs: the browser tells every other tab when
 * `kc-cart` changes, so an item added or an order placed in one is what the others show and
 * check out, instead of a stale cart that would overwrite the newer one on its next change.
 * Returns the function that stops following.
 */
export function followOtherTabs(store: CartStore, target: EventTarget): () => void {
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent
    // A null key is localStorage.clear().
    if (key !== CART_STORAGE_KEY && key !== null) return
    if (newValue === null) store.setState({ items: [] })
    else void store.persist.rehydrate()
  }
  target.addEventListener('storage', onStorage)
  return () => target.removeEventListener('storage', onStorage)
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0)
}

/** What one unit of a cart line costs at its quantity, with the break it reached and the next. */
export function linePrice(item: CartItem): UnitPrice {
  return unitPriceFor(toCents(item.price), rulesOf(item).breaks, item.quantity)
}

/**
 * A cart line as the display reads it (its price is already the one charged): its step, its
 * smallest and largest quantity within the stock captured with it.
 */
export function lineDisplay(item: CartItem): Display {
  return displayOf(item, 0)
}

/** A saved cart that is not JSON or not a cart is dropped with a warning, never trusted. */
function validatingStorage(storage: StateStorage): StateStorage {
  return {
    getItem: (name) => {
      const raw = storage.getItem(name) as string | null
      if (raw === null) return null
      try {
        if (isSavedCart(JSON.parse(raw))) return raw
      } catch {
        // not JSON: dropped below
      }
      console.warn(`Ignoring a corrupt saved cart in localStorage "${name}".`)
      storage.removeItem(name)
      return null
    },
    setItem: (name, value) => storage.setItem(name, value),
    removeItem: (name) => storage.removeItem(name),
  }
}

function browserStorage(): StateStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

function memoryStorage(): StateStorage {
  const data = new Map<string, string>()
  return {
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => void data.set(name, value),
    removeItem: (name) => void data.delete(name),
  }
}
