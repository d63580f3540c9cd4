import type { DeliveryAreaDTO } from '@/modules/areas/schemas'
import type { DeliveryDaysDTO } from '@/modules/delivery/schemas'
import { hasPrice, type ProductDTO, type ShownProduct } from '@/modules/catalogue/product'
import type { OrderDTO, PricesChangedDTO } from '@/modules/orders/order'

/** The calls "Order again" and checkout make to the shop's public API, as the browser makes them. */

/** Today's products for a list of SKUs (those that still exist, with a price this shopper sees). */
export async function fetchProductsBySku(skus: readonly string[]): Promise<ProductDTO[]> {
  const res = await fetch(`/api/products?skus=${encodeURIComponent(skus.join(','))}`, {
    cache: 'no-store',
  })
  if (!res.ok) throw new Error(String(res.status))
  return ((await res.json()) as ShownProduct[]).filter(hasPrice)
}

export async function fetchDeliveryAreas(): Promise<DeliveryAreaDTO[]> {
  const res = await fetch('/api/delivery-areas', { cache: 'no-store' })
  if (!res.ok) throw new Error('Failed to fetch delivery areas')
  return (await res.json()) as DeliveryAreaDTO[]
}

/** The open delivery days of an area now, the earliest first (none: the area has no days). */
export async function fetchDeliveryDays(slug: string): Promise<string[]> {
  const res = await fetch(`/api/delivery-areas/${encodeURIComponent(slug)}/days`, {
    cache: 'no-store',
  })
  if (!res.ok) throw new Error('Failed to fetch delivery days')
  return ((await res.json()) as DeliveryDaysDTO).days
}

/** The spec's words when an order could not be placed and the shop gave no reason. */
export const ORDER_FAILED = 'Failed to place order. Please try again.'

/** What POST /api/orders answered: the order, or the refusal's message and what it names. */
export type OrderAnswer =
  | { ok: true; order: OrderDTO }
  | {
      ok: false
      status: number
      error?: string
      sku?: string
      available?: number
      /** Prices changed since the buyer saw them: the new figures, to confirm. */
      changed?: PricesChangedDTO
      /** The chosen delivery day is no longer open: the next open day, if any. */
      nextDeliveryDate?: string | null
    }

/** Sends an order; the same key with the same body places it once, however often it is sent. */
export async function sendOrder(body: string, idempotencyKey: string): Promise<OrderAnswer> {
  const res = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body,
  })
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (res.ok) return { ok: true, order: answer as OrderDTO }
  return {
    ok: false,
    status: res.status,
    ...(typeof answer.error === 'string' ? { error: answer.error } : {}),
    ...(typeof answer.sku === 'string' ? { sku: answer.sku } : {}),
    ...(typeof answer.available === 'number' ? { available: answer.available } : {}),
    ...(answer.code === 'pricesChanged' ? { changed: answer as PricesChangedDTO } : {}),
    ...(answer.code === 'deliveryDayClosed'
      ? { nextDeliveryDate: (answer.nextDeliveryDate as string | null) ?? null }
      : {}),
  }
}
