import type { Payload } from 'payload'

import { shopDay } from '@/shared/dates'
import { Conflict, NotFound } from '@/shared/errors'
import { fromCents } from '@/shared/money'
import { inTransaction } from '@/platform/db/transaction'
import { pickingLines, type PickingListDTO } from './picking-list'
import {
  collectAt,
  runOf,
  stopOf,
  stopOrderProblem,
  type DayRunsDTO,
  type DeliveryNotesDTO,
  type RunStopDTO,
} from './runs'
import {
  areaNames,
  dayOrders,
  lockRunOrderIds,
  nextRunDay,
  runLines,
  runAreaName,
  runOrders,
  runStops,
  setStopPositions,
  type RunAddress,
} from './runs-repository'

/**
 * The owner's day of deliveries: the runs of a day, a run's picking list and delivery notes, and
 * the order of a run's stops. Each read is a few statements on the orders' day indexes.
 */

/**
 * The runs of `date`, by area name; without a date, of the next day with anything to deliver
 * from today (Johannesburg), or today when there is none.
 */
export async function dayRuns(
  shop: Payload,
  date: string | undefined,
  now: Date = new Date(),
): Promise<DayRunsDTO> {
  const pool = shop.db.pool
  const day = date ?? (await nextRunDay(pool, shopDay(now))) ?? shopDay(now)
  const orders = await dayOrders(pool, day)
  const byArea = new Map<string, { name: string; stops: RunStopDTO[] }>()
  for (const order of orders) {
    const run = byArea.get(order.area) ?? { name: order.areaName, stops: [] }
    run.stops.push(stopOf(order, run.stops.length + 1, false))
    byArea.set(order.area, run)
  }
  const names = await areaNames(pool, [...byArea.keys()])
  const runs = [...byArea].map(([area, run]) => runOf(area, names.get(area) ?? run.name, run.stops))
  runs.sort((a, b) => a.areaName.localeCompare(b.areaName, 'en') || (a.area < b.area ? -1 : 1))
  return { date: day, runs }
}

/** The 404 of a run with nothing to deliver. */
function noRun({ date, areaSlug }: RunAddress): NotFound {
  return new NotFound(`Nothing to deliver in ${areaSlug} on ${date}.`, { area: areaSlug, date })
}

/** Every product of a run, summed, by category then sku, in cases and units. */
export async function pickingList(shop: Payload, address: RunAddress): Promise<PickingListDTO> {
  const pool = shop.db.pool
  const [stops, lines, areaName] = await Promise.all([
    runStops(pool, address),
    runLines(pool, address),
    runAreaName(pool, address),
  ])
  if (stops.length === 0) throw noRun(address)
  return {
    date: address.date,
    area: address.areaSlug,
    areaName,
    orders: stops.length,
    ...pickingLines(lines),
  }
}

/** The delivery notes of a run: each order whole, in stop order, with what is collected. */
export async function deliveryNotes(shop: Payload, address: RunAddress): Promise<DeliveryNotesDTO> {
  const pool = shop.db.pool
  const [orders, areaName] = await Promise.all([
    runOrders(pool, address),
    runAreaName(pool, address),
  ])
  if (orders.length === 0) throw noRun(address)
  return {
    date: address.date,
    area: address.areaSlug,
    areaName,
    notes: orders.map((order, i) => ({
      position: i + 1,
      order,
      collect: fromCents(collectAt(order)),
    })),
  }
}

/**
 * Puts a run's stops in the owner's order, answering the run as it now is. The ids must be
 * exactly the run's orders (read under their row locks): a list made from a run that changed
 * since is a 409 that says what differs, and nothing changes.
 */
export async function reorderStops(
  shop: Payload,
  address: RunAddress,
  orderIds: string[],
): Promise<RunStopDTO[]> {
  return inTransaction(shop.db.pool, async (client) => {
    const run = await lockRunOrderIds(client, address)
    if (run.length === 0) throw noRun(address)
    const problem = stopOrderProblem(orderIds, run)
    if (problem) throw new Conflict(problem, { code: 'runChanged', orderIds: run })
    await setStopPositions(client, orderIds)
    return runStops(client, address)
  })
}
