import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { moneyField } from '@/modules/catalogue/schemas'

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

/**
 * POST /api/driver/stops/{orderId}, with an Idempotency-Key header. Delivered names who took
 * it, and the cash collected for a cash order still to pay; Not delivered, why.
 * merge: a third outcome, 'short-delivered', belongs here once shortDeliver (src/modules/orders)
 * exists; see applyMark in marks.ts.
 */
export const stopMarkSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({
      outcome: z.literal('delivered'),
      receivedBy: name('receivedBy'),
      cashCollected: moneyField('cashCollected').optional(),
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
      counted: moneyField('counted'),
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
  /** What is to be collected in cash at the door (0 for a paid or non-cash order). */
  cashDue: number
  status: string
  mark: {
    outcome: 'delivered' | 'not-delivered'
    receivedBy: string | null
    cashCollected: number | null
    reason: NotDeliveredReason | null
    at: string
  } | null
}

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

export type CashReportDTO = { date: string; runs: CashRunDTO[]; totals: CashFigures }
