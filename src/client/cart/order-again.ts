import { formatRand, toCents } from '@/shared/money'
import type { OrderDTO } from '@/modules/orders/order'
import { fitQuantity, unitPriceFor } from '@/modules/pricing/rules'
import { chargedOf } from '@/modules/pricing/display'
import { rulesOf, type ProductDTO } from '@/modules/catalogue/product'

/** The device's last receipts, newest first: kept in localStorage, never asked of the server. */
export const RECENT_ORDERS_KEY = 'kc-recent-orders'
export const RECENT_ORDERS_KEPT = 3

/**
 * An order as the device keeps it. A guest's order not paid in cash keeps its receipt's
 * `proofKey`, so a proof of payment can still be sent once the receipt is closed: the key is
 * the guest's only hold on the order, and it is on this device already.
 */
export type RecentOrder = Pick<OrderDTO, 'orderId' | 'createdAt' | 'total' | 'items'> & {
  proofKey?: string
}

/** `order` first, then the ones before it, at most three. */
export function rememberOrder(recent: RecentOrder[], order: OrderDTO): RecentOrder[] {
  const kept: RecentOrder = {
    orderId: order.orderId,
    createdAt: order.createdAt,
    total: order.total,
    items: order.items.map(({ sku, name, price, quantity }) => ({ sku, name, price, quantity })),
    ...(order.payment !== 'cash' && order.proofKey ? { proofKey: order.proofKey } : {}),
  }
  return [kept, ...recent.filter((o) => o.orderId !== order.orderId)].slice(0, RECENT_ORDERS_KEPT)
}

/** The saved list, or none when what is saved is not one (it is the device's to change). */
export function readRecentOrders(raw: string | null): RecentOrder[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter(isRecentOrder).slice(0, RECENT_ORDERS_KEPT) : []
  } catch {
    return []
  }
}

function isRecentOrder(value: unknown): value is RecentOrder {
  const order = value as RecentOrder | null
  return (
    typeof order?.orderId === 'string' &&
    typeof order.createdAt === 'string' &&
    typeof order.total === 'number' &&
    (order.proofKey === undefined || typeof order.proofKey === 'string') &&
    Array.isArray(order.items) &&
    order.items.length > 0 &&
    order.items.every(
      (i) =>
        typeof i?.sku === 'string' &&
        typeof i.name === 'string' &&
        typeof i.price === 'number' &&
        Number.isInteger(i.quantity) &&
        i.quantity > 0,
    )
  )
}

/** What "Order again" puts in the cart, and what is different from last time, in words. */
export type Refill = { lines: { product: ProductDTO; quantity: number }[]; changes: string[] }

/**
 * An old order against today's catalogue: each line at today's stock and rules (whole cases, the
 * minimum), and a sentence for each line that is gone, sold out, fewer or dearer or cheaper.
 */
export function planRefill(order: RecentOrder, today: readonly ProductDTO[]): Refill {
  const bySku = new Map(today.map((p) => [p.sku.toLowerCase(), p]))
  const refill: Refill = { lines: [], changes: [] }
  for (const item of order.items) {
    const product = bySku.get(item.sku.toLowerCase())
    if (!product) {
      refill.changes.push(`${item.name} is no longer sold.`)
      continue
    }
    const rules = rulesOf(product)
    const quantity = fitQuantity(rules, item.quantity, product.inStock)
    if (quantity === 0) {
      refill.changes.push(`${product.name} is out of stock.`)
      continue
    }
    refill.lines.push({ product, quantity })
    if (quantity !== item.quantity) {
      refill.changes.push(`${product.name}: ${quantity} instead of ${item.quantity}.`)
    }
    const now = unitPriceFor(chargedOf(product), rules.breaks, quantity).unitCents
    const then = toCents(item.price)
    if (now !== then) {
      refill.changes.push(
        `${product.name} is now ${formatRand(now)} each (was ${formatRand(then)}).`,
      )
    }
  }
  return refill
}
