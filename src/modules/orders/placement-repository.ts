import { randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

import { toCents, toDecimalText, type Cents } from '@/shared/money'
import type { OrderDTO, OrderSeller } from '@/modules/orders/order'
import { listPrices, type PriceList } from '@/modules/pricing/price-list'
import { priceListFor } from '@/modules/pricing/price-list-repository'
import { setStockContext } from '@/modules/stock/repository'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION } from '@/platform/db/tables'
import { insertRow, insertRows } from '@/platform/db/row-shape'
import { ORDER_LINE_ROWS, ORDERS, type OrderRecord } from '@/modules/orders/order-row'
import type { Quote, QuoteArea, QuoteProduct, QuoteSettings } from '@/modules/pricing/quote'
import { DEFAULT_FREE_DELIVERY_FROM_RANDS } from '@/modules/settings/defaults'

/** The SQL of placing an order, each statement on the order's own transaction. */

/** Waits for any other request with this key, then finds the order it placed. */
export async function lockIdempotencyKey(
  client: PoolClient,
  key: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 4020500))', [key])
  const { rows } = await client.query<{ id: number; request_hash: string | null }>(
    'SELECT id, request_hash FROM orders WHERE idempotency_key = $1',
    [key],
  )
  return rows[0] && { id: rows[0].id, requestHash: rows[0].request_hash }
}

export type QuoteInputs = {
  area: QuoteArea | undefined
  settings: QuoteSettings
  /** The shop shows prices (and takes orders) from signed-in trade buyers only. */
  buyersOnly: boolean
  /** The seller as the order's invoice names it, frozen with the order. */
  seller: OrderSeller
  products: Map<string, QuoteProduct>
}

type AreaRow = {
  slug: string
  name: string
  fee: string
  threshold: string | null
  area_minimum: string | null
  shop_minimum: string | null
  vat_registered: boolean | null
  vat_rate: string | null
  vat_number: string | null
  prices_for_buyers_only: boolean | null
  shop_name: string | null
  shop_address: string | null
}

type ProductRow = {
  sku: string
  name: string
  category: string
  price: string
  special_price: string | null
  old_price: string | null
  in_stock: string
  min_qty: string | null
  case_size: string | null
  price_breaks: { from: number; price: number }[] | null
}

/**
 * The area, the shop's settings and the products of an order, with the products' rows locked
 * until the transaction ends (in sku order, so two orders never wait on each other in a circle),
 * priced from the signed-in buyer's list `listId` (null for the shop's own prices) as read in
 * the same transaction.
 */
export async function lockQuoteInputs(
  client: PoolClient,
  areaSlug: string,
  skus: string[],
  listId: number | null,
): Promise<QuoteInputs> {
  const { rows: areas } = await client.query<AreaRow>(
    `SELECT a.slug, a.name, a.fee, s.free_delivery_threshold AS threshold,
            a.min_order_value AS area_minimum, s.min_order_value AS shop_minimum,
            s.vat_registered, s.vat_rate, s.vat_number, s.prices_for_buyers_only,
            s.shop_name, s.shop_address
       FROM delivery_areas a LEFT JOIN shop_settings s ON true
      WHERE a.slug = $1 LIMIT 1`,
    [areaSlug],
  )
  const row = areas[0]
  // An unknown area fails the order: no product is locked for it.
  const { rows: products } = row
    ? await client.query<ProductRow>(
        `SELECT sku, name, category, price, special_price, old_price, in_stock, min_qty,
                case_size, price_breaks
           FROM products WHERE sku = ANY($1::varchar[]) ORDER BY sku FOR UPDATE`,
        [skus],
      )
    : { rows: [] }
  const list =
    listId === null || products.length === 0
      ? null
      : await priceListFor(
          client,
          listId,
          products.map((p) => p.sku),
          true,
        )
  return {
    area: row && {
      slug: row.slug,
      name: row.name,
      feeCents: toCents(row.fee),
      minimumCents: centsOrNull(row.area_minimum),
    },
    settings: {
      freeFromCents: toCents(row?.threshold ?? DEFAULT_FREE_DELIVERY_FROM_RANDS),
      minimumCents: centsOrNull(row?.shop_minimum ?? null),
      vat:
        row?.vat_registered && row.vat_rate !== null
          ? { rate: Number(row.vat_rate), sellerVatNumber: row.vat_number ?? '' }
          : null,
    },
    buyersOnly: row?.prices_for_buyers_only === true,
    seller: { name: row?.shop_name ?? '', address: row?.shop_address || null },
    products: new Map(products.map((p) => [p.sku, quoteProduct(p, list)])),
  }
}

function quoteProduct(row: ProductRow, list: PriceList | null): QuoteProduct {
  const prices = listPrices(
    {
      sku: row.sku,
      category: row.category,
      priceCents: toCents(row.price),
      specialCents: centsOrNull(row.special_price),
      oldCents: centsOrNull(row.old_price),
      breaks: (row.price_breaks ?? []).map((b) => ({ from: b.from, priceCents: toCents(b.price) })),
    },
    list,
  )
  return {
    sku: row.sku,
    name: row.name,
    chargedCents: prices.specialCents ?? prices.priceCents,
    inStock: Number(row.in_stock),
    rules: {
      minQty: row.min_qty === null ? null : Number(row.min_qty),
      caseSize: row.case_size === null ? null : Number(row.case_size),
      breaks: prices.breaks,
    },
  }
}

function centsOrNull(rands: string | null): Cents | null {
  return rands === null ? null : toCents(rands)
}

/**
 * Takes the quoted lines' stock, recorded in the ledger by the database's trigger as a sale of
 * this order. Stock alone (updated_at marks edits of what a product is): with no indexed column
 * changed, PostgreSQL rewrites the row in place (a HOT update) and touches none of its indexes.
 */
export async function takeStock(
  client: PoolClient,
  orderId: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<void> {
  await setStockContext(client, { reason: 'sale', orderId })
  await client.query(
    `UPDATE products p SET in_stock = p.in_stock - v.quantity
       FROM unnest($1::varchar[], $2::int[]) AS v(sku, quantity)
      WHERE p.sku = v.sku`,
    [lines.map((l) => l.sku), lines.map((l) => l.quantity)],
  )
}

/** The next tax invoice number; a rollback gives it back, so take it last. */
export async function nextInvoiceNumber(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ last: string }>(
    'UPDATE invoice_counter SET last = last + 1 RETURNING last',
  )
  return Number(rows[0]!.last)
}

export type NewOrder = {
  orderId: string
  customer: OrderDTO['customer']
  area: QuoteArea
  payment: OrderDTO['payment']
  quote: Quote
  /** The signed-in trade buyer's account, or null for a guest. */
  tradeAccountId: number | null
  invoiceNumber: number
  seller: OrderSeller
  /** On account: the shop day the invoice falls due. */
  dueDay: string | null
  idempotencyKey?: string
  requestHash: string
}

/** Inserts the order and its line snapshot; returns its row id and time. */
export async function insertOrder(
  client: PoolClient,
  order: NewOrder,
): Promise<{ id: number; createdAt: Date }> {
  const { quote, customer, idempotencyKey } = order
  const insert = insertRow(
    ORDERS,
    {
      order_id: order.orderId,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_address: customer.address ?? null,
      area: order.area.slug,
      area_name: order.area.name,
      payment: order.payment,
      subtotal: toDecimalText(quote.subtotal),
      fee: toDecimalText(quote.fee),
      total: toDecimalText(quote.total),
      source: 'web',
      idempotency_key: idempotencyKey ?? null,
      request_hash: idempotencyKey ? order.requestHash : null,
      customer_business: customer.business ?? null,
      customer_vat_number: customer.vatNumber ?? null,
      trade_account_id: order.tradeAccountId,
      invoice_number: String(order.invoiceNumber),
      vat_rate: quote.vat ? String(quote.vat.rate) : null,
      vat: quote.vat ? toDecimalText(quote.vat.cents) : null,
      seller_vat_number: quote.vat ? quote.vat.sellerVatNumber : null,
      seller_name: order.seller.name,
      seller_address: order.seller.address,
      due_date: order.dueDay,
    },
    ['id', 'created_at'],
  )
  const { rows } = await client.query<Pick<OrderRecord, 'id' | 'created_at'>>(insert)
  const { id, created_at: createdAt } = rows[0]!
  const lines = insertRows(
    ORDER_LINE_ROWS,
    quote.lines.map((line, i) => ({
      [ORDER_LINE_POSITION]: i + 1,
      [ORDER_LINE_PARENT]: id,
      id: randomBytes(12).toString('hex'),
      sku: line.sku,
      name: line.name,
      price: toDecimalText(line.unitCents),
      quantity: String(line.quantity),
    })),
  )
  await client.query(lines)
  return { id, createdAt }
}
