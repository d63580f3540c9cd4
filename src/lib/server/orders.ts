import { createHash, randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

import { BadInput, Conflict, InsufficientStock, Unprocessable } from '@/lib/errors'
import { toCents, fromCents, toDecimalText } from '@/lib/money'
import type { OrderDTO } from '@/lib/order'
import { newOrderId } from '@/lib/order-id'
import {
  chargedPrice,
  minimumOrderMessage,
  orderTotals,
  priceOrderLines,
  vatIncluded,
} from '@/lib/pricing'
import { mergeLines, type OrderInput } from '@/lib/schemas/order'
import { loadOrder } from './order-queries'
import { getShop } from './payload'
import { setStockContext } from './stock'
import { inTransaction, isTransientConflict } from './transaction'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from './tables'

const DEFAULT_FREE_DELIVERY_FROM = 50_000

export type PlacedOrder = { order: OrderDTO; replayed: boolean }

/**
 * Places an order in one transaction: prices and fee from the database, every line's stock
 * checked and taken under row locks (in sku order, so two orders never wait on each other in a
 * circle), the order and its line snapshot inserted, all or nothing. With an idempotency key the
 * same request returns the first order, however many times and however concurrently it is sent.
 *
 * Raw SQL on Payload's pool rather than the Local API: the locking and the statement count (8 per
 * order, 10 with a key) are the point here. The stock taken goes into the ledger by the
 * database's trigger, as a sale of this order. Payload is not consulted for access: the order
 * contract is public and every value written is computed here.
 */
export async function placeOrder(input: OrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
  const lines = mergeLines(input.items)
  const customer = {
    name: input.customer.name,
    phone: input.customer.phone,
    ...(input.customer.address ? { address: input.customer.address } : {}),
    ...(input.customer.business ? { business: input.customer.business } : {}),
    ...(input.customer.vatNumber ? { vatNumber: input.customer.vatNumber } : {}),
  }
  const request = { customer, area: input.area, payment: input.payment, items: lines }
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex')
  const pool = (await getShop()).db.pool
  const placed = await inTransaction(
    pool,
    (client) => placeInTransaction(client, request, requestHash, idempotencyKey),
    isWorthRetrying,
  )
  return placed
}

type NormalisedRequest = {
  customer: OrderDTO['customer']
  area: string
  payment: OrderDTO['payment']
  items: { sku: string; quantity: number }[]
}

async function placeInTransaction(
  client: PoolClient,
  request: NormalisedRequest,
  requestHash: string,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  if (idempotencyKey) {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 4020500))', [
      idempotencyKey,
    ])
    const { rows } = await client.query<{ id: number; request_hash: string | null }>(
      'SELECT id, request_hash FROM orders WHERE idempotency_key = $1',
      [idempotencyKey],
    )
    const first = rows[0]
    if (first) {
      if (first.request_hash !== requestHash) {
        throw new Unprocessable(
          'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
        )
      }
      return { order: (await loadOrder(client, { id: first.id }))!, replayed: true }
    }
  }

  const area = await client.query<{
    slug: string
    name: string
    fee: string
    threshold: string | null
    area_minimum: string | null
    shop_minimum: string | null
    vat_registered: boolean | null
    vat_rate: string | null
    vat_number: string | null
  }>(
    `SELECT a.slug, a.name, a.fee, s.free_delivery_threshold AS threshold,
            a.min_order_value AS area_minimum, s.min_order_value AS shop_minimum,
            s.vat_registered, s.vat_rate, s.vat_number
       FROM delivery_areas a LEFT JOIN shop_settings s ON true
      WHERE a.slug = $1 LIMIT 1`,
    [request.area],
  )
  const chosen = area.rows[0]
  if (!chosen) throw new BadInput(`Unknown delivery area: ${request.area}`, { field: 'area' })

  const skus = request.items.map((l) => l.sku)
  const products = await client.query<{
    sku: string
    name: string
    price: string
    special_price: string | null
    in_stock: string
    min_qty: string | null
    case_size: string | null
    price_breaks: { from: number; price: number }[] | null
  }>(
    `SELECT sku, name, price, special_price, in_stock, min_qty, case_size, price_breaks
       FROM products WHERE sku = ANY($1::varchar[]) ORDER BY sku FOR UPDATE`,
    [skus],
  )
  const bySku = new Map(products.rows.map((p) => [p.sku, p]))
  for (const { sku, quantity } of request.items) {
    const product = bySku.get(sku)
    if (!product) {
      throw new Conflict(`Product ${sku} is no longer available.`, { sku, available: 0 })
    }
    const available = Number(product.in_stock)
    if (available < quantity) throw new InsufficientStock(sku, product.name, Math.max(0, available))
  }
  const priced = priceOrderLines(
    request.items,
    (sku) => {
      const product = bySku.get(sku)!
      return {
        sku,
        name: product.name,
        chargedCents: chargedPrice({
          priceCents: toCents(product.price),
          specialPriceCents: product.special_price === null ? null : toCents(product.special_price),
        }),
        rules: {
          minQty: product.min_qty === null ? null : Number(product.min_qty),
          caseSize: product.case_size === null ? null : Number(product.case_size),
          breaks: (product.price_breaks ?? []).map((b) => ({
            from: b.from,
            priceCents: toCents(b.price),
          })),
        },
      }
    },
    (broken, sku) => {
      throw new BadInput(broken.message, { sku, rule: broken.rule })
    },
  )
  const freeFrom =
    chosen.threshold === null ? DEFAULT_FREE_DELIVERY_FROM : toCents(chosen.threshold)
  const totals = orderTotals(priced, toCents(chosen.fee), freeFrom)
  const minimum = chosen.area_minimum ?? chosen.shop_minimum
  if (minimum !== null && totals.subtotal < toCents(minimum)) {
    throw new BadInput(
      minimumOrderMessage(
        toCents(minimum),
        totals.subtotal,
        chosen.area_minimum === null ? undefined : chosen.name,
      ),
      {
        rule: 'minOrderValue',
        minimum: fromCents(toCents(minimum)),
        subtotal: fromCents(totals.subtotal),
      },
    )
  }
  const vat =
    chosen.vat_registered && chosen.vat_rate !== null
      ? {
          rate: Number(chosen.vat_rate),
          cents: vatIncluded(totals.total, Number(chosen.vat_rate)).vatCents,
          sellerVatNumber: chosen.vat_number ?? '',
        }
      : undefined

  const orderId = newOrderId()
  await setStockContext(client, { reason: 'sale', orderId })
  // Stock alone (updated_at marks edits of what a product is): with no indexed column changed,
  // PostgreSQL rewrites the row in place (a HOT update) and touches none of its indexes.
  await client.query(
    `UPDATE products p SET in_stock = p.in_stock - v.quantity
       FROM unnest($1::varchar[], $2::int[]) AS v(sku, quantity)
      WHERE p.sku = v.sku`,
    [skus, request.items.map((l) => l.quantity)],
  )
  // Last, so the counter's row is held only for the two inserts and the commit; a rollback
  // gives the number back.
  const counter = await client.query<{ last: string }>(
    'UPDATE invoice_counter SET last = last + 1 RETURNING last',
  )
  const invoiceNumber = Number(counter.rows[0]!.last)
  const inserted = await client.query<{ id: number; created_at: Date }>(
    `INSERT INTO orders (order_id, customer_name, customer_phone, customer_address, area, area_name,
       payment, subtotal, fee, total, source, idempotency_key, request_hash, customer_business,
       customer_vat_number, invoice_number, vat_rate, vat, seller_vat_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'web', $11, $12, $13, $14, $15, $16, $17, $18)
     RETURNING id, created_at`,
    [
      orderId,
      request.customer.name,
      request.customer.phone,
      request.customer.address ?? null,
      chosen.slug,
      chosen.name,
      request.payment,
      toDecimalText(totals.subtotal),
      toDecimalText(totals.fee),
      toDecimalText(totals.total),
      idempotencyKey ?? null,
      idempotencyKey ? requestHash : null,
      request.customer.business ?? null,
      request.customer.vatNumber ?? null,
      invoiceNumber,
      vat ? String(vat.rate) : null,
      vat ? toDecimalText(vat.cents) : null,
      vat ? vat.sellerVatNumber : null,
    ],
  )
  const { id, created_at: createdAt } = inserted.rows[0]!
  await client.query(
    `INSERT INTO ${ORDER_LINES} (${ORDER_LINE_POSITION}, ${ORDER_LINE_PARENT}, id, sku, name, price, quantity)
     SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[],
                          $6::numeric[], $7::numeric[])`,
    [
      priced.map((_, i) => i + 1),
      priced.map(() => id),
      priced.map(() => randomBytes(12).toString('hex')),
      priced.map((l) => l.sku),
      priced.map((l) => l.name),
      priced.map((l) => toDecimalText(l.unitCents)),
      priced.map((l) => l.quantity),
    ],
  )

  return {
    replayed: false,
    order: {
      orderId,
      createdAt: createdAt.toISOString(),
      customer: request.customer,
      area: chosen.slug,
      areaName: chosen.name,
      payment: request.payment,
      items: priced.map((l) => ({
        sku: l.sku,
        name: l.name,
        price: fromCents(l.unitCents),
        quantity: l.quantity,
      })),
      subtotal: fromCents(totals.subtotal),
      fee: fromCents(totals.fee),
      total: fromCents(totals.total),
      source: 'web',
      invoiceNumber,
      ...(vat
        ? {
            vat: {
              rate: vat.rate,
              amount: fromCents(vat.cents),
              sellerVatNumber: vat.sellerVatNumber,
            },
          }
        : {}),
    },
  }
}

/** Deadlocks and serialisation failures are retried, and so is the rare order-id collision. */
function isWorthRetrying(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
  return isTransientConflict(error) || (code === '23505' && constraint === 'orders_order_id_idx')
}
