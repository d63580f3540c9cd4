import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { fromCents, toCents, type Cents } from '@/shared/money'
import type { FulfilmentStatus } from '@/modules/orders/fulfilment'
import type { AdminOrderDTO } from '@/modules/orders/order'
import type { PaymentMethod } from '@/modules/orders/schemas'

/**
 * The day's runs (issue 43, item 2): a run is one area's orders for one delivery day, cancelled
 * ones left out, its stops in the owner's order. The DTOs, the input rules and the pure sums;
 * the SQL is in runs-repository.ts. Browser-safe: the dashboard imports the types and rules.
 */

/** The most stops one run may be sent in a new order: far more than a van delivers in a day. */
export const MAX_RUN_STOPS = 2_000

/** One stop of a run: an order, where it goes and what is collected there. */
export type RunStopDTO = {
  /** 1 for the first stop. */
  position: number
  orderId: string
  customerName: string
  business?: string
  phone: string
  /** The customer's address when they gave one. */
  address?: string
  total: number
  payment: PaymentMethod
  paid: boolean
  status: FulfilmentStatus
  /** The order's lines, when the read asked for them. */
  lines?: AdminOrderDTO['items']
}

/** One area's run on the day: its stops in order, and its sums in rand. */
export type DeliveryRunDTO = {
  area: string
  areaName: string
  orders: number
  total: number
  /** What the driver collects: the totals of the run's unpaid cash orders. */
  cashToCollect: number
  stops: RunStopDTO[]
}

/** GET /api/admin/deliveries: the day's runs, by area name. */
export type DayRunsDTO = { date: string; runs: DeliveryRunDTO[] }

/** One order's delivery note: the order as the owner reads it, and what is collected. */
export type DeliveryNoteDTO = { position: number; order: AdminOrderDTO; collect: number }

/** GET /api/admin/deliveries/{date}/{area}/delivery-notes. */
export type DeliveryNotesDTO = {
  date: string
  area: string
  areaName: string
  notes: DeliveryNoteDTO[]
}

/** What a driver collects at a stop: the total of an unpaid cash order, else nothing. */
export function collectAt(order: Pick<AdminOrderDTO, 'payment' | 'paid' | 'total'>): Cents {
  return order.payment === 'cash' && !order.paid ? toCents(order.total) : 0
}

/** A stop from the order as the owner reads it (toAdminOrderDTO), at its place in the run. */
export function stopOf(order: AdminOrderDTO, position: number, lines: boolean): RunStopDTO {
  const { customer } = order
  return {
    position,
    orderId: order.orderId,
    customerName: customer.name,
    ...(customer.business ? { business: customer.business } : {}),
    phone: customer.phone,
    ...(customer.address ? { address: customer.address } : {}),
    total: order.total,
    payment: order.payment,
    paid: order.paid,
    status: order.status,
    ...(lines ? { lines: order.items } : {}),
  }
}

/** A run from its stops, in order: the count, and the sums to the cent. */
export function runOf(area: string, areaName: string, stops: RunStopDTO[]): DeliveryRunDTO {
  let total: Cents = 0
  let cash: Cents = 0
  for (const stop of stops) {
    total += toCents(stop.total)
    cash += collectAt(stop)
  }
  return {
    area,
    areaName,
    orders: stops.length,
    total: fromCents(total),
    cashToCollect: fromCents(cash),
    stops,
  }
}

/**
 * Why a new order of stops does not fit the run, or null when it holds exactly the run's orders:
 * the owner's list was made from a run that has changed since (an order placed or cancelled).
 */
export function stopOrderProblem(sent: readonly string[], run: readonly string[]): string | null {
  const inRun = new Set(run)
  const missing = run.filter((id) => !sent.includes(id))
  const extra = sent.filter((id) => !inRun.has(id))
  if (missing.length === 0 && extra.length === 0) return null
  const parts = [
    ...(extra.length > 0 ? [`not in this run: ${extra.join(', ')}`] : []),
    ...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []),
  ]
  return `The stops must be exactly this run's ${run.length} orders (${parts.join('; ')}). Reload the run and try again.`
}

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isShopDay, `${field} must be a date (YYYY-MM-DD)`)

/** GET /api/admin/deliveries?date=: the day (without it, the next day with runs, or today). */
export const dayRunsQuerySchema = z.object({ date: day('date').optional() })

/** A run's address: /api/admin/deliveries/{date}/{area}. */
export const runParamsSchema = z.object({
  date: day('date'),
  area: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'area must be a delivery area slug (a-z, 0-9 and -)')
    .max(100, 'area must be a delivery area slug (a-z, 0-9 and -)'),
})

/** PUT …/stops: the run's order ids, each once, in the order the van calls. */
export const stopOrderSchema = z.strictObject({
  orderIds: z
    .array(z.string({ error: 'orderIds must be order ids' }).min(1).max(40), {
      error: 'orderIds must be a list of the run’s order ids',
    })
    .min(1, 'orderIds must list the run’s orders')
    .max(MAX_RUN_STOPS, `orderIds may list at most ${MAX_RUN_STOPS} orders`)
    .refine((ids) => new Set(ids).size === ids.length, 'orderIds must list each order once'),
})

export type StopOrder = z.output<typeof stopOrderSchema>
