import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { formatRand, fromCents, toCents, type Cents } from '@/shared/money'
import { refusedMove, STATUS_LABELS, type FulfilmentStatus } from '@/modules/orders/fulfilment'
import { addOrderEvents, setOrderPayment, setOrderStatus } from '@/modules/orders/repository'
import { formatDeliveryDay } from '@/modules/delivery/schedule'
import { nextDayAfterRun } from '@/modules/delivery/next-day'
import { inTransaction } from '@/platform/db/transaction'
import {
  areaOfRun,
  insertMark,
  lockStop,
  markByKey,
  markOfStop,
  marksOfRun,
  setDeliveryDate,
  stopsOfRun,
  type DriverLinkRow,
  type DriverMarkRow,
  type StopRow,
} from './repository'
import { driverActor } from './links'
import { cashFigures, cashOfRun } from './run-rules'
import { REASON_LABELS, type RunDTO, type StopDTO, type StopMark } from './schemas'

const rands = (text: string | null) => (text === null ? null : fromCents(toCents(text)))

/** What is collected at the door: a cash order's total while it is unpaid. */
const cashDueOf = (stop: Pick<StopRow, 'payment' | 'paid' | 'total'>): Cents =>
  stop.payment === 'cash' && !stop.paid ? toCents(stop.total) : 0

function toStopDTO(stop: StopRow, mark: DriverMarkRow | undefined): StopDTO {
  return {
    orderId: stop.order_id,
    customerName: stop.customer_name,
    business: stop.customer_business,
    phone: stop.customer_phone,
    address: stop.customer_address,
    areaName: stop.area_name,
    payment: stop.payment,
    total: rands(stop.total)!,
    cashDue: fromCents(mark ? toCents(mark.cash_due) : cashDueOf(stop)),
    status: stop.status,
    mark: mark
      ? {
          outcome: mark.outcome,
          receivedBy: mark.received_by,
          cashCollected: rands(mark.cash_collected),
          reason: mark.reason,
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
    stops: all.map((stop) => toStopDTO(stop, byOrder.get(stop.id))),
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
    const cashDue = cashDueOf(stop)
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
    await applyMark(client, link, stop, saved)
    const status = saved.outcome === 'delivered' ? 'delivered' : 'packed'
    return { stop: toStopDTO({ ...stop, status }, saved), replayed: false }
  })
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
  const stop = await lockStop(client, orderId)
  return { stop: toStopDTO(stop!, first), replayed: true }
}

/** The order follows the mark, each change kept in its history under the driver's name. */
async function applyMark(
  client: PoolClient,
  link: DriverLinkRow,
  stop: StopRow & { area: string },
  mark: DriverMarkRow,
): Promise<void> {
  const from = stop.status as FulfilmentStatus
  const events: { kind: string; message: string }[] = []
  if (mark.outcome === 'delivered') {
    // merge: a short delivery ('short-delivered') calls shortDeliver (src/modules/orders) here,
    // for the lines not handed over, before the order is marked Delivered.
    const refused = refusedMove(from, 'delivered')
    if (refused) throw new Conflict(refused, { orderId: stop.order_id })
    await setOrderStatus(client, stop.id, 'delivered')
    events.push({
      kind: 'status',
      message: `Status: ${STATUS_LABELS[from]} → Delivered; received by ${mark.received_by}`,
    })
    if (mark.cash_collected !== null && stop.payment === 'cash' && !stop.paid) {
      const amount = toCents(mark.cash_collected)
      await setOrderPayment(client, stop.id, { paid: true, amountCents: amount, reference: null })
      events.push({ kind: 'payment', message: `Marked as paid: ${formatRand(amount)} in cash` })
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
  await addOrderEvents(client, stop.id, driverActor(link.driver_name), events)
}
