import { randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

import { toCents, toDecimalText, type Cents } from '@/shared/money'
import type { OrderDTO, OrderSeller } from '@/modules/orders/order'
import { listPrices, type PriceList } from '@/modules/pricing/price-list'
import { priceListFor } from '@/modules/pricing/price-list-repository'
import { setStockContext } from '@/modules/stock/repository'
import { commitWith } from '@/platform/db/transaction'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION } from '@/platform/db/tables'
import { insertRow, insertRows, selectList, type PartOf } from '@/platform/db/row-shape'
import { DELIVERY_AREAS } from '@/modules/areas/repository'
import { PRODUCTS, shopPricesOfRow } from '@/modules/catalogue/product-row'
import {
  ORDER_LINE_ROWS,
  ORDERS,
  type OrderLineRecord,
  type OrderRecord,
  type OrderRow,
} from '@/modules/orders/order-row'
import type { Quote, QuoteArea, QuoteProduct, QuoteSettings } from '@/modules/pricing/quote'
import { readSettings, shopSettingsOf } from '@/modules/settings/repository'
import { scheduleOf, type DeliverySchedule } from '@/modules/delivery/schemas'

/** The SQL of placing an order, each statement on the order's own transaction. */

/** Waits for any other request with this key, then finds the order it placed. */
export async function lockIdempotencyKey(
  client: PoolClient,
  key: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 4020500))', [key])
  const { rows } = await client.query<PartOf<typeof ORDERS, 'id' | 'request_hash'>>(
    `SELECT id, request_hash FROM ${ORDERS.name} WHERE idempotency_key = $1`,
    [key],
  )
  return rows[0] && { id: rows[0].id, requestHash: rows[0].request_hash }
}

export type QuoteInputs = {
  area: QuoteArea | undefined
  settings: QuoteSettings
  /** The shop shows prices (and takes orders) from signed-in trade buyers only. */
  buyersOnly: boolean
  /** The owner has set PayFast up: an order may be paid through it. */
  payfastReady: boolean
  /** The seller as the order's invoice names it, frozen with the order. */
  seller: OrderSeller
  products: Map<string, QuoteProduct>
  /** Each product's cost price as stored (numeric text, null: none), for the lines' snapshot. */
  costs: Map<string, string | null>
  /** The area's delivery days, null when it has none. */
  schedule: DeliverySchedule | null
}

/** The order's area, read in the settings' statement: all null for an unknown area. */
type AreaColumns = {
  area_slug: string | null
  area_name: string | null
  area_fee: string | null
  area_schedule: unknown
  area_minimum: string | null
}

/** What an order reads of a product: what it is, what it costs and how it may be bought. */
const QUOTED_COLUMNS = [
  'sku',
  'name',
  'category',
  'price',
  'special_price',
  'old_price',
  'in_stock',
  'min_qty',
  'case_size',
  'price_breaks',
  'cost_price',
] as const

type ProductRow = PartOf<typeof PRODUCTS, (typeof QUOTED_COLUMNS)[number]>

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
  // The settings are read the one way (settings/repository.ts), here on the order's own
  // transaction rather than from the cache: an owner's change applies from the next order on,
  // never a copy the change feed has yet to drop. The area comes in the same statement.
  const row = await readSettings<AreaColumns>(client, {
    columns: `a.slug AS area_slug, a.name AS area_name, a.fee AS area_fee,
              a.delivery_schedule AS area_schedule, a.min_order_value AS area_minimum`,
    join: (first) => `LEFT JOIN ${DELIVERY_AREAS.name} a ON a.slug = $${first}`,
    params: [areaSlug],
  })
  const settings = shopSettingsOf(row)
  const area: QuoteArea | undefined =
    row.area_slug === null
      ? undefined
      : {
          slug: row.area_slug,
          name: row.area_name!,
          feeCents: toCents(row.area_fee!),
          minimumCents: centsOrNull(row.area_minimum),
        }
  // An unknown area fails the order: no product is locked for it.
  const { rows: products } = area
    ? await client.query<ProductRow>(
        `SELECT ${selectList(PRODUCTS, 'p', QUOTED_COLUMNS)}
           FROM ${PRODUCTS.name} p WHERE p.sku = ANY($1::varchar[]) ORDER BY p.sku FOR UPDATE`,
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
    area,
    settings: {
      freeFromCents: settings.freeDeliveryThresholdCents,
      minimumCents: settings.minOrderValueCents,
      vat: settings.vatRegistered
        ? { rate: settings.vatRate, sellerVatNumber: settings.vatNumber ?? '' }
        : null,
    },
    buyersOnly: settings.pricesForBuyersOnly,
    payfastReady: settings.payfastReady,
    seller: { name: settings.shopName, address: settings.shopAddress || null },
    products: new Map(products.map((p) => [p.sku, quoteProduct(p, list)])),
    costs: new Map(products.map((p) => [p.sku, p.cost_price])),
    schedule: area ? scheduleOf(row.area_schedule) : null,
  }
}

function quoteProduct(row: ProductRow, list: PriceList | null): QuoteProduct {
  const prices = listPrices(shopPricesOfRow(row), list)
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
export type NewOrder = {
  orderId: string
  customer: OrderDTO['customer']
  area: QuoteArea
  payment: OrderDTO['payment']
  quote: Quote
  /** The signed-in trade buyer's account, or null for a guest. */
  tradeAccountId: number | null
  seller: OrderSeller
  /** On account: the shop day the invoice falls due. */
  dueDay: string | null
  /** The shop day it is delivered, when its area has delivery days. */
  deliveryDay: string | null
  idempotencyKey?: string
  requestHash: string
  /** The products' cost prices as read under their locks: each line keeps its own. */
  costs: Map<string, string | null>
}

/**
 * Inserts the order and its line snapshot; returns them as stored (the order's row as the
 * database completed it, with its lines), for toOrderDTO to answer with as any read of it does.
 * `last`: the transaction's last statement, sent with its COMMIT (commitWith).
 */
export async function insertOrder(
  client: PoolClient,
  order: NewOrder,
  { last }: { last: boolean },
): Promise<OrderRow> {
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
      vat_rate: quote.vat ? String(quote.vat.rate) : null,
      vat: quote.vat ? toDecimalText(quote.vat.cents) : null,
      seller_vat_number: quote.vat ? quote.vat.sellerVatNumber : null,
      seller_name: order.seller.name,
      seller_address: order.seller.address,
      due_date: order.dueDay,
      delivery_date: order.deliveryDay,
    },
    undefined,
    '',
    { invoice_number: '(SELECT last FROM next_invoice)' },
  )
  const lines = quote.lines.map((line, i) => ({
    [ORDER_LINE_POSITION]: i + 1,
    id: randomBytes(12).toString('hex'),
    sku: line.sku,
    name: line.name,
    price: toDecimalText(line.unitCents),
    quantity: String(line.quantity),
    cost_price: order.costs.get(line.sku) ?? null,
  }))
  const lineInsert = insertRows(
    ORDER_LINE_ROWS,
    lines,
    { [ORDER_LINE_PARENT]: '(SELECT id FROM placed)' },
    insert.values.length,
  )
  // One statement takes the next invoice number, inserts the order and its lines: the invoice
  // counter's row lock, which every order waits for, is held for it and the COMMIT alone.
  const statement = {
    text: `WITH next_invoice AS (UPDATE invoice_counter SET last = last + 1 RETURNING last),
      placed AS (${insert.text}),
      placed_lines AS (${lineInsert.text})
      SELECT * FROM placed`,
    values: [...insert.values, ...lineInsert.values],
  }
  const { rows } = last
    ? await commitWith<OrderRecord>(client, statement)
    : await client.query<OrderRecord>(statement)
  const row = rows[0]!
  const items: OrderLineRecord[] = lines.map((line) => ({ ...line, [ORDER_LINE_PARENT]: row.id }))
  return { ...row, items }
}
