import type { DeliveryAreaDTO } from '@/modules/areas/schemas'
import type { ProductDTO } from '@/modules/catalogue/product'
import type { OrderDTO } from '@/modules/orders/order'

/** The storefront's calls to the shop's public API, each as the browser makes it. */

/** A page of products and the number there are in all (X-Total-Count). */
export async function fetchProducts(
  url: string,
  signal?: AbortSignal,
): Promise<{ products: ProductDTO[]; total: number }> {
  const res = await fetch(url, { cache: 'no-store', signal })
  if (!res.ok) throw new Error('Failed to fetch products')
  const products = (await res.json()) as ProductDTO[]
  return { products, total: Number(res.headers.get('x-total-count') ?? products.length) }
}

/** Today's products for a list of SKUs (those that still exist). */
export async function fetchProductsBySku(skus: readonly string[]): Promise<ProductDTO[]> {
  const res = await fetch(`/api/products?skus=${encodeURIComponent(skus.join(','))}`, {
    cache: 'no-store',
  })
  if (!res.ok) throw new Error(String(res.status))
  return (await res.json()) as ProductDTO[]
}

export async function fetchDeliveryAreas(): Promise<DeliveryAreaDTO[]> {
  const res = await fetch('/api/delivery-areas', { cache: 'no-store' })
  if (!res.ok) throw new Error('Failed to fetch delivery areas')
  return (await res.json()) as DeliveryAreaDTO[]
}

/** What POST /api/orders answered: the order, or the refusal's message and what it names. */
export type OrderAnswer =
  | { ok: true; order: OrderDTO }
  | { ok: false; status: number; error?: string; sku?: string; available?: number }

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
  }
}
