import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { fromCents, toCents, type Cents } from '@/shared/money'
import { refusedMove, STATUS_LABELS, type FulfilmentStatus } from '@/modules/orders/fulfilment'
import { mayShortDeliver } from '@/modules/orders/credit-note'
import { addOrderEvents, setOrderStatus } from '@/modules/orders/repository'
import { markOrderPayment } from '@/modules/orders/order-payment'
import { shortDeliverOn } from '@/modules/orders/short-delivery'
import { clearStockContext } from '@/modules/stock/repository'
import { formatDeliveryDay } from '@/modules/delivery/schedule'
import { nextDayAfterRun } from '@/modules/delivery/next-day'
import { inTransaction } from '@/platform/db/transaction'
import {
  areaOfRun,
  insertMark,
  linesOfStops,
  lockStop,
  markByKey,
  markOfStop,
  marksOfRun,
  recordShortOnMark,
  setDeliveryDate,
  stopsOfRun,
  type DriverLinkRow,
  type DriverMarkRow,
  type StopLineRow,
  type StopRow,
} from './repository'
import { driverActor } from './links'
import { cashDueOf, cashFigures, cashOfRun } from './run-rules'
import {
  REASON_LABELS,
  SHORT_REASON_LABELS,
  type RunDTO,
  type ShortLines,
  type StopDTO,
  type StopLineDTO,
  type StopMark,
} from './schemas'

const rands = (text: string | null) => (text === null ? null : fromCents(toCents(text)))

/** What is collected at the door: what a cash order still owes while it is unpaid. */
const dueOf = (stop: StopRow): Cents =>
  cashDueOf({
    payment: stop.payment,
    paid: stop.paid,
    total: toCents(stop.total),
    credited: Number(stop.credited_cents),
  })

const toLineDTO = (line: StopLineRow): StopLineDTO => ({
  sku: line.sku,
  name: line.name,
  price: fromCents(toCents(line.price)),
  quantity: Number(line.quantity),
  credited: Number(line.credited),
})

function toStopDTO(stop: StopRow, mark: DriverMarkRow | undefined, lines: StopLineRow[]): StopDTO {
  return {
    orderId: stop.order_id,
    customerName: stop.customer_name,
    business: stop.customer_business,
    phone: stop.customer_phone,
    address: stop.customer_address,
    areaName: stop.area_name,
    payment: stop.payment,
    total: rands(stop.total)!,
    credited: fromCents(Number(stop.credited_cents)),
    cashDue: fromCents(mark ? toCents(mark.cash_due) : dueOf(stop)),
    status: stop.status,
    lines: lines.filter((l) => l.order_id === stop.id).map(toLineDTO),
    mark: mark
      ? {
          outcome: mark.outcome,
          receivedBy: mark.received_by,
          cashCollected: rands(mark.cash_collected),
          reason: mark.reason,
          short: mark.short && {
            ...mark.short,
            creditNote: mark.credit_note_number === null ? null : Number(mark.credit_note_number),
          },
          at: mark.at.toISOString(),
        }
      : null,
  }
}

/**
 * The driver's run: its stops in order, each with its mark, and a stop brought back (which has
 * left the run for another day) still shown where the driver left it, at the end.
 */
export async function runOf(shop: Payload, link: DriverLinkRow): Promise<RunDTO> {
  const pool = shop.db.pool
  const run = { date: link.run_date, areaSlug: link.area }
  const [stops, marks, area] = await Promise.all([
    stopsOfRun(pool, run),
    marksOfRun(pool, run),
    areaOfRun(pool, link.area),
  ])
  const byOrder = new Map(marks.map((m) => [m.order_id, m]))
  const listed = new Set(stops.map((s) => s.id))
  const all = [...stops, ...marks.filter((m) => !listed.has(m.order_id)).map((m) => m.stop)]
  // One query for every stop's lines: a run is one area's orders of one day.
  const lines = await linesOfStops(
    pool,
    all.map((s) => s.id),
  )
  const cents = cashOfRun(
    marks.map((m) => ({
      outcome: m.outcome,
      cashDue: toCents(m.cash_due),
      cashCollected: m.cash_collected === null ? null : toCents(m.cash_collected),
    })),
  )
  return {
    driverName: link.driver_name,
    date: link.run_date,
    area: link.area,
    areaName: area?.name ?? link.area,
    stops: all.map((stop) => toStopDTO(stop, byOrder.get(stop.id), lines)),
    cash: cashFigures(cents),
  }
}

export type MarkResult = { stop: StopDTO; replayed: boolean }

/**
 * Records what the driver found at a stop, once: a replay of the same Idempotency-Key answers
 * the first mark again and changes nothing; a second mark of the stop (another phone) is a 409.
 * The order follows in the same transaction, under its row lock: Delivered (a cash order paid
 * with what was collected), or Not delivered, back to Packed on the area's next open day.
 */
export async function markStop(
  shop: Payload,
  link: DriverLinkRow,
  orderId: string,
  key: string,
  mark: StopMark,
): Promise<MarkResult> {
  return inTransaction(shop.db.pool, async (client) => {
    // The stop's row lock first: the same key sent twice at once (two tabs, a retry) waits here,
    // and then finds the first one's mark by its key rather than as another phone's.
    const stop = await lockStop(client, orderId)
    const replay = await replayOf(client, link, key, orderId)
    if (replay) return replay
    if (!stop || stop.area !== link.area) throw new NotFound(`No stop ${orderId} on this run.`)
    const earlier = await markOfStop(client, stop.id, link.run_date)
    if (earlier) throw alreadyMarked(orderId, earlier.outcome, earlier.driver_name)
    if (stop.delivery_date !== link.run_date || stop.status === 'cancelled')
      throw new Conflict(`Order ${orderId} is no longer on this run.`, { orderId })
    const cashDue = dueOf(stop)
    const collected = mark.outcome === 'delivered' ? mark.cashCollected : undefined
    if (mark.outcome === 'delivered' && cashDue > 0 && collected === undefined)
      throw new BadInput('Enter the cash collected.', { field: 'cashCollected' })
    const saved = await insertMark(client, {
      linkId: link.id,
      orderId: stop.id,
      runDate: link.run_date,
      key,
      outcome: mark.outcome,
      receivedBy: mark.outcome === 'delivered' ? mark.receivedBy : null,
      cashDue,
      cashCollected: collected === undefined ? null : toCents(collected),
      reason: mark.outcome === 'not-delivered' ? mark.reason : null,
    })
    if (!saved) {
      // Another phone's mark or the same key committed first, while this one waited.
      const again = await replayOf(client, link, key, orderId)
      if (again) return again
      throw alreadyMarked(orderId)
    }
    const final = await applyMark(
      client,
      link,
      stop,
      saved,
      mark.outcome === 'delivered' ? mark.short : undefined,
    )
    return { stop: await stopNow(client, orderId, final), replayed: false }
  })
}

/** The stop as it is now in this transaction (status, credits, lines), with its mark. */
async function stopNow(client: PoolClient, orderId: string, mark: DriverMarkRow): Promise<StopDTO> {
  const stop = (await lockStop(client, orderId))!
  return toStopDTO(stop, mark, await linesOfStops(client, [stop.id]))
}

function alreadyMarked(orderId: string, outcome?: string, driver?: string): Conflict {
  const what = outcome === 'delivered' ? 'Delivered' : outcome ? 'Not delivered' : 'marked'
  return new Conflict(
    `Order ${orderId} was already ${outcome ? `marked ${what}` : what}${driver ? ` by ${driver}` : ''}.`,
    { orderId, code: 'alreadyMarked' },
  )
}

async function replayOf(
  client: PoolClient,
  link: DriverLinkRow,
  key: string,
  orderId: string,
): Promise<MarkResult | undefined> {
  const first = await markByKey(client, key)
  if (!first) return undefined
  if (first.link_id !== link.id || first.order_ref !== orderId)
    throw new Conflict('This Idempotency-Key was used for another mark.', { code: 'keyReused' })
  return { stop: await stopNow(client, orderId, first), replayed: true }
}

/**
 * The order follows the mark, each change kept in its history under the driver's name; answers
 * the mark as kept (with its short lines and their credit note).
 */
async function applyMark(
  client: PoolClient,
  link: DriverLinkRow,
  stop: StopRow & { area: string },
  mark: DriverMarkRow,
  short: ShortLines | undefined,
): Promise<DriverMarkRow> {
  const from = stop.status as FulfilmentStatus
  const events: { kind: string; message: string }[] = []
  const actor = driverActor(link.driver_name)
  if (mark.outcome === 'delivered') {
    const refused = refusedMove(from, 'delivered')
    if (refused) throw new Conflict(refused, { orderId: stop.order_id })
    // The lines not handed over are credited before the order is Delivered; a stop not yet out
    // (it joined the run after it started) is Delivered first, as a short delivery needs it out.
    const shortFirst = mayShortDeliver(from)
    if (short && shortFirst) mark = await creditShort(client, stop, mark, short, actor)
    await setOrderStatus(client, stop.id, 'delivered')
    if (short && !shortFirst) mark = await creditShort(client, stop, mark, short, actor)
    events.push({
      kind: 'status',
      message: `Status: ${STATUS_LABELS[from]} → Delivered; received by ${mark.received_by}`,
    })
    const amount = mark.cash_collected === null ? 0 : toCents(mark.cash_collected)
    // R 0 collected (every line short on a free-delivery order) pays nothing: it is credited.
    if (amount > 0 && stop.payment === 'cash' && !stop.paid) {
      // The one way an order is marked paid: its money received is kept as the mark's cash.
      const paidEvent = await markOrderPayment(
        client,
        { id: stop.id, paid: false, paidCents: null, paymentReference: null },
        { paid: true, amountCents: amount, reference: null },
        { source: 'cash', externalId: `driver-mark:${mark.id}`, actor },
      )
      if (paidEvent) events.push(paidEvent)
    }
  } else {
    const area = await areaOfRun(client, link.area)
    const day = await nextDayAfterRun(client, link.area, area?.schedule ?? null, link.run_date)
    await setDeliveryDate(client, stop.id, day)
    if (from !== 'packed') await setOrderStatus(client, stop.id, 'packed')
    const back = day ? `delivery moved to ${formatDeliveryDay(day)}` : 'no delivery day open'
    events.push({
      kind: 'status',
      message: `Not delivered (${REASON_LABELS[mark.reason!]}): ${STATUS_LABELS[from]} → Packed; ${back}`,
    })
  }
  await addOrderEvents(client, stop.id, actor, events)
  return mark
}

/**
 * The stop's short lines: their units back through the stock ledger and a credit note for them
 * alone (shortDeliverOn, under the order's row lock this transaction holds already). The mark
 * keeps them, the note's number and the cash now due, so the run and the cash-up count what is
 * still owed; a replay of the mark finds it and credits nothing again.
 */
async function creditShort(
  client: PoolClient,
  stop: StopRow,
  mark: DriverMarkRow,
  short: ShortLines,
  actor: string,
): Promise<DriverMarkRow> {
  const note = await shortDeliverOn(
    client,
    stop.order_id,
    { lines: short.lines, reason: SHORT_REASON_LABELS[short.reason] },
    actor,
  )
  // shortDeliverOn said why stock moves ('short-delivery', this order) for the whole transaction:
  // ended here, so no later write in the mark is put down to the short delivery.
  await clearStockContext(client)
  const now = (await lockStop(client, stop.order_id))!
  return recordShortOnMark(client, mark.id, {
    lines: {
      reason: short.reason,
      lines: note.lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity })),
    },
    creditNoteNumber: note.number,
    cashDue: dueOf(now),
  })
}
