import { createHash } from 'node:crypto'

import type { Pool, PoolClient } from 'pg'

import { BadInput, Conflict, Forbidden, InsufficientStock, Unprocessable } from '@/shared/errors'
import { formatRand, fromCents, toCents, type Cents } from '@/shared/money'
import { shopDay } from '@/shared/dates'
import { buysOnAccount, dueDay } from '@/modules/accounts/terms'
import { insertInvoiceEntry, lockAccountCredit } from '@/modules/ledger/repository'
import type { OrderDTO } from '@/modules/orders/order'
import { newOrderId } from '@/modules/orders/order-id'
import { minimumOrderMessage } from '@/modules/pricing/rules'
import { mergeLines, type OrderInput } from '@/modules/orders/schemas'
import { loadOrder } from '@/modules/orders/repository'
import { toOrderDTO } from '@/modules/orders/order-row'
import { inTransaction, isTransientConflict } from '@/platform/db/transaction'
import { shopCache } from '@/platform/cache/shop-cache'
import { stockTag } from '@/platform/cache/shown-stock'
import { errorOf, orderLane } from '@/modules/orders/order-lane'
import { deliveryDayOf } from '@/modules/delivery/order-day'
import { quoteOrder, type Quote, type QuoteProblem } from '@/modules/pricing/quote'
import { priceSurprise, type PriceSurprise, type ShownPrices } from '@/modules/pricing/surprise'
import { insertOrder, lockIdempotencyKey, lockQuoteInputs, takeStock } from './placement-repository'

export type PlacedOrder = { order: OrderDTO; replayed: boolean }

/** The signed-in trade buyer placing the order, and the price list they buy at. */
export type OrderBuyer = { accountId: number; priceListId: number | null }

type PlaceRequest = {
  /** Part of the request's hash: one Idempotency-Key is not one order for two accounts. */
  tradeAccount?: number
  customer: OrderDTO['customer']
  area: string
  payment: OrderDTO['payment']
  items: { sku: string; quantity: number }[]
  deliveryDate?: string
}

/** What the buyer was shown: compared with the quote, never used to price. */
function shownPrices(input: OrderInput): ShownPrices {
  const unitCents = new Map<string, Cents>()
  for (const item of input.items)
    if (item.expectedPrice !== undefined && !unitCents.has(item.sku))
      unitCents.set(item.sku, toCents(item.expectedPrice))
  return {
    unitCents,
    ...(input.expectedTotal !== undefined ? { totalCents: toCents(input.expectedTotal) } : {}),
  }
}

/**
 * Places an order in one transaction: lock, load, quote, save. Prices, fee and VAT come from the
 * database through the same quote the checkout shows; every line's stock is checked and taken
 * under row locks; the order and its line snapshot are inserted, all or nothing. With an
 * idempotency key the same request returns the first order, however many times and however
 * concurrently it is sent. Raw SQL rather than Payload's Local API: the locking and the statement
 * count (7 per order, 8 with a key) are the point. Payload is not consulted for access: the
 * order contract is public and every value written is computed here.
 */
/** A guest's order while the shop shows prices to signed-in trade buyers only. */
export const GUESTS_MAY_NOT_ORDER =
  'This shop takes orders from its trade buyers only. Sign in to your trade account to order.'

export async function placeOrder(
  pool: () => Promise<Pool>,
  input: OrderInput,
  idempotencyKey?: string,
  buyer?: OrderBuyer,
): Promise<PlacedOrder> {
  // In the shop's server the transaction runs on the order lane's thread, whose event loop no
  // page render holds up while the order's row locks are taken (order-lane.ts).
  const lane = orderLane()
  let placed: PlacedOrder
  if (lane) {
    const result = await lane.send({ input, idempotencyKey, buyer })
    if (!result.ok) throw errorOf(result.error)
    placed = result.placed
  } else placed = await placeOrderOn(await pool(), input, idempotencyKey, buyer)
  // Committed: what this process shares showing these products is read again, so the buyer sees
  // the stock their order took at once (other processes within the second those answers are
  // held); pages showing none of them are kept, however many orders come in.
  if (!placed.replayed)
    for (const line of placed.order.items) shopCache.invalidate(stockTag(line.sku))
  return placed
}

/** The order's transaction on `pool`: what placeOrder runs here or on the order lane. */
export async function placeOrderOn(
  pool: Pool,
  input: OrderInput,
  idempotencyKey?: string,
  buyer?: OrderBuyer,
): Promise<PlacedOrder> {
  const request: PlaceRequest = {
    ...(buyer ? { tradeAccount: buyer.accountId } : {}),
    customer: customerOf(input.customer),
    area: input.area,
    payment: input.payment,
    items: mergeLines(input.items),
    ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
  }
  const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex')
  const shown = shownPrices(input)
  return inTransaction(
    pool,
    (client) => place(client, request, buyer?.priceListId ?? null, shown, hash, idempotencyKey),
    retryable,
  )
}

async function place(
  client: PoolClient,
  request: PlaceRequest,
  priceListId: number | null,
  shown: ShownPrices,
  requestHash: string,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  if (idempotencyKey) {
    const first = await lockIdempotencyKey(client, idempotencyKey)
    if (first && first.requestHash !== requestHash) {
      throw new Unprocessable(
        'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      )
    }
    if (first) return { order: (await loadOrder(client, { id: first.id }))!, replayed: true }
  }
  const skus = request.items.map((l) => l.sku)
  const { area, settings, buyersOnly, payfastReady, seller, products, costs, schedule } =
    await lockQuoteInputs(client, request.area, skus, priceListId)
  if (!area) throw new BadInput(`Unknown delivery area: ${request.area}`, { field: 'area' })
  if (buyersOnly && request.tradeAccount === undefined) throw new Forbidden(GUESTS_MAY_NOT_ORDER)
  if (request.payment === 'payfast' && !payfastReady)
    throw new BadInput(PAYFAST_UNAVAILABLE, { field: 'payment' })
  const quote = quoteOrder(request.items, products, area, settings)
  if (quote.problem) throw refusal(quote.problem, quote)
  const surprise = priceSurprise(quote, shown)
  if (surprise) throw pricesChanged(surprise)

  const onAccount =
    request.payment === 'account' ? await withinCredit(client, request, quote) : null

  const deliveryDay = await deliveryDayOf(client, area, schedule, request.deliveryDate)
  const orderId = newOrderId()
  await takeStock(client, orderId, quote.lines)
  const { customer, payment } = request
  // The order's INSERT takes the invoice counter: unless the account's entry follows, it is the
  // last statement, and goes with the COMMIT.
  const saved = await insertOrder(
    client,
    {
      ...{ orderId, customer, area, payment, quote, tradeAccountId: request.tradeAccount ?? null },
      ...{ seller, idempotencyKey, requestHash, dueDay: onAccount?.dueDay ?? null },
      ...{ deliveryDay, costs },
    },
    { last: !onAccount },
  )
  if (onAccount) {
    const entry = { accountId: onAccount.accountId, orderRowId: saved.id, cents: quote.total }
    await insertInvoiceEntry(
      client,
      { ...entry, day: onAccount.day, dueDay: onAccount.dueDay },
      'buyer',
    )
  }
  // The order as stored, mapped as every read of it is: what GET /api/orders/{id} answers.
  return { replayed: false, order: toOrderDTO(saved) }
}

export const PAYFAST_UNAVAILABLE =
  'Paying by card or instant EFT is not available right now. Please choose another payment method.'

export const SIGN_IN_FOR_ACCOUNT = 'Sign in to your trade account to buy on account.'
export const NOT_ON_ACCOUNT =
  'Your account pays cash on delivery. Please choose Cash on Delivery or Shop-to-Shop Transfer.'

/**
 * An order on account is for a signed-in buyer whose terms allow it, and only while what the
 * account owes with this order stays within its credit limit: checked under the account's row
 * lock, so concurrent orders are counted one after the other. Returns the invoice's day and due day.
 */
async function withinCredit(
  client: PoolClient,
  request: PlaceRequest,
  quote: Quote,
): Promise<{ accountId: number; day: string; dueDay: string }> {
  if (request.tradeAccount === undefined) throw new Forbidden(SIGN_IN_FOR_ACCOUNT)
  const account = await lockAccountCredit(client, request.tradeAccount)
  if (!account || !buysOnAccount(account.terms))
    throw new BadInput(NOT_ON_ACCOUNT, { field: 'payment' })
  const { limitCents, balanceCents } = account
  if (balanceCents + quote.total > limitCents) {
    throw new Conflict(
      `This order would take your account over its credit limit of ${formatRand(limitCents)}: your balance is ${formatRand(balanceCents)}. Please pay your account or choose another payment method.`,
      {
        code: 'creditLimit',
        creditLimit: fromCents(limitCents),
        balance: fromCents(balanceCents),
        total: fromCents(quote.total),
      },
    )
  }
  const day = shopDay(new Date())
  return { accountId: request.tradeAccount, day, dueDay: dueDay(account.terms, day) }
}

/** The customer as stored and hashed: optional fields only when given. */
function customerOf(c: OrderInput['customer']): OrderDTO['customer'] {
  return {
    name: c.name,
    phone: c.phone,
    ...(c.address ? { address: c.address } : {}),
    ...(c.business ? { business: c.business } : {}),
    ...(c.vatNumber ? { vatNumber: c.vatNumber } : {}),
  }
}

/** The error an order is refused with, as the HTTP contract states it. */
function refusal(problem: QuoteProblem, quote: Quote): Error {
  switch (problem.kind) {
    case 'unknownProduct':
      return new Conflict(`Product ${problem.sku} is no longer available.`, {
        sku: problem.sku,
        available: 0,
      })
    case 'notEnoughStock':
      return new InsufficientStock(problem.sku, problem.name, problem.available)
    case 'brokenRule':
      return new BadInput(problem.broken.message, { sku: problem.sku, rule: problem.broken.rule })
    case 'belowMinimum':
      return new BadInput(
        minimumOrderMessage(problem.minimumCents, quote.subtotal, problem.areaName),
        {
          rule: 'minOrderValue',
          minimum: fromCents(problem.minimumCents),
          subtotal: fromCents(quote.subtotal),
        },
      )
  }
}

/**
 * The 409 for prices that changed since the buyer saw them: each changed line with its new and
 * shown unit price, and the order's new figures, for the checkout to show and confirm.
 */
function pricesChanged({ lines, shownTotalCents, quote }: PriceSurprise): Error {
  return new Conflict(
    'Prices have changed since you added these items. Please check the new total and confirm.',
    {
      code: 'pricesChanged',
      lines: lines.map((l) => ({
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        price: fromCents(l.unitCents),
        expectedPrice: fromCents(l.shownCents),
      })),
      subtotal: fromCents(quote.subtotal),
      fee: fromCents(quote.fee),
      total: fromCents(quote.total),
      ...(shownTotalCents !== undefined ? { expectedTotal: fromCents(shownTotalCents) } : {}),
    },
  )
}

/** Deadlocks and serialisation failures are retried, and so is the rare order-id collision. */
function retryable(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
  return isTransientConflict(error) || (code === '23505' && constraint === 'orders_order_id_idx')
}
