import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { money } from '@/shared/fields'
import { shortDeliverySchema } from '@/modules/orders/short-delivery-schema'

/**
 * The driver's phone (docs/delivery.md, "The driver's phone" and "Cash-up"): the owner's and the
 * driver's calls, their zod schemas and the DTOs they answer with. Browser-safe.
 */

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isShopDay, `${field} must be a date (YYYY-MM-DD)`)

const name = (field: string, max = 100) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `Enter the ${field === 'driverName' ? "driver's name" : 'name'}.`)
    .max(max, `${field} must be at most ${max} characters`)

/** POST /api/admin/driver-links: a run (a day and an area) given to a driver by name. */
export const driverLinkSchema = z.strictObject(
  {
    date: day('date'),
    area: z.string({ error: 'area must be an area slug' }).trim().min(1).max(100),
    driverName: name('driverName'),
  },
  { error: 'Send an object with date, area and driverName' },
)
export type DriverLinkInput = z.infer<typeof driverLinkSchema>

/** GET /api/admin/driver-links?date= and GET /api/admin/cash-report?date=. */
export const runDaySchema = z.strictObject({ date: day('date') })

/** POST /api/driver/session: the link's one-time token. */
export const driverSessionSchema = z.strictObject(
  { token: z.string({ error: 'token must be text' }).min(24).max(200) },
  { error: 'Send an object with the token' },
)

export const NOT_DELIVERED_REASONS = ['closed', 'refused', 'no-money'] as const
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number]
export const REASON_LABELS: Record<NotDeliveredReason, string> = {
  closed: 'Closed',
  refused: 'Refused',
  'no-money': 'No money',
}

export const SHORT_REASONS = ['damaged', 'missing'] as const
export type ShortReason = (typeof SHORT_REASONS)[number]
export const SHORT_REASON_LABELS: Record<ShortReason, string> = {
  damaged: 'Damaged',
  missing: 'Missing',
}

/**
 * What a Delivered mark says was not handed over: the lines (each sku once, with its units, as
 * the owner's short delivery takes them) and why. Optional: a mark without it is delivered whole.
 */
export const shortLinesSchema = z.strictObject(
  {
    reason: z.enum(SHORT_REASONS, {
      error: `short.reason must be one of: ${SHORT_REASONS.join(', ')}`,
    }),
    lines: shortDeliverySchema.shape.lines,
  },
  { error: 'short must be an object with reason and lines' },
)
export type ShortLines = z.infer<typeof shortLinesSchema>

/**
 * POST /api/driver/stops/{orderId}, with an Idempotency-Key header. Delivered names who took
 * it, the cash collected for a cash order still to pay, and optionally the lines short (damaged
 * or missing), credited on a credit note; Not delivered, why.
 */
export const stopMarkSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({
      outcome: z.literal('delivered'),
      receivedBy: name('receivedBy'),
      // R 0 when every line is short on an order with free delivery: nothing is left to collect.
      cashCollected: money('cashCollected', { zeroAllowed: true }).optional(),
      short: shortLinesSchema.optional(),
    }),
    z.strictObject({
      outcome: z.literal('not-delivered'),
      reason: z.enum(NOT_DELIVERED_REASONS, {
        error: `reason must be one of: ${NOT_DELIVERED_REASONS.join(', ')}`,
      }),
    }),
  ],
  { error: 'outcome must be delivered or not-delivered' },
)
export type StopMark = z.infer<typeof stopMarkSchema>

export const idempotencyKeySchema = z
  .string({ error: 'Send an Idempotency-Key header' })
  .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')

/** POST /api/admin/driver-links/{id}/cash-up: the cash the driver handed in. */
export const cashUpSchema = z
  .strictObject(
    {
      // R 0 for a run with nothing to collect (no cash orders, or all of them credited).
      counted: money('counted', { zeroAllowed: true }),
      note: z
        .string({ error: 'note must be text' })
        .trim()
        .max(1000, 'note must be at most 1000 characters')
        .optional(),
    },
    { error: 'Send an object with counted and note' },
  )
  .transform((c) => ({ counted: c.counted, note: c.note || null }))
export type CashUpInput = z.infer<typeof cashUpSchema>

export type LinkState = 'waiting' | 'in-use' | 'used-up' | 'revoked' | 'expired'

export type DriverLinkDTO = {
  id: number
  date: string
  area: string
  driverName: string
  state: LinkState
  expiresAt: string
  createdAt: string
}

export type IssuedLinkDTO = DriverLinkDTO & { link: string }

export type StopDTO = {
  orderId: string
  customerName: string
  business: string | null
  phone: string
  address: string | null
  areaName: string
  payment: string
  total: number
  /** What short deliveries' credit notes have taken off the total. */
  credited: number
  /** Cash to collect at the door: the total less what was credited (0 if paid or not cash). */
  cashDue: number
  status: string
  /** The order's lines, for the driver to say which were short. */
  lines: StopLineDTO[]
  mark: {
    outcome: 'delivered' | 'not-delivered'
    receivedBy: string | null
    cashCollected: number | null
    reason: NotDeliveredReason | null
    /** The lines not handed over, and the credit note issued for them. */
    short: { reason: ShortReason; lines: ShortLineDTO[]; creditNote: number | null } | null
    at: string
  } | null
}

/** A line of a stop: its price charged, its units ordered and those credited already. */
export type StopLineDTO = {
  sku: string
  name: string
  price: number
  quantity: number
  credited: number
}

/** A line the driver marked short: its units not handed over. */
export type ShortLineDTO = { sku: string; name: string; quantity: number }

export type RunDTO = {
  driverName: string
  date: string
  area: string
  areaName: string
  stops: StopDTO[]
  cash: CashFigures
}

/** A run's cash, in rands (two decimals) as the API answers. */
export type CashFigures = { expected: number; collected: number; difference: number }

export type CashRunDTO = {
  linkId: number
  date: string
  area: string
  areaName: string
  driverName: string
  stops: number
  delivered: number
  notDelivered: number
  cash: CashFigures
  cashUp: { counted: number; difference: number; note: string | null; at: string } | null
}

/** Money received on a day (money_received, net of reversals recorded that day), in rands. */
export type ReceivedDTO = {
  cash: number
  bank: number
  payfast: number
  owner: number
  total: number
}

export type CashReportDTO = {
  date: string
  runs: CashRunDTO[]
  totals: CashFigures
  /** Everything received that day, whichever way it came in (docs/payments.md). */
  received: ReceivedDTO
}
