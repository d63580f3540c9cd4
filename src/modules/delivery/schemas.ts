import { z } from 'zod'

import { isShopDay } from '@/shared/dates'

/**
 * An area's delivery days, the one rule every way in holds: the dashboard's API, /cms (the
 * DeliveryAreas collection validates with it) and the database's reads. An area without a
 * schedule (null) is delivered as before the schedule existed: no delivery date at all.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const CUTOFF_DAYS = ['before', 'same'] as const

export const MAX_CLOSED_DATES = 400
export const MAX_DAILY_CAP = 100_000

export const NO_DAYS = 'Choose at least one delivery day.'

export const deliveryScheduleSchema = z.object(
  {
    days: z
      .array(
        z.enum(WEEKDAYS, { error: 'A delivery day is one of sun, mon, tue, wed, thu, fri, sat' }),
        {
          error: 'days must be a list of weekdays',
        },
      )
      .min(1, NO_DAYS)
      .max(7, 'days must list each weekday at most once')
      .refine(
        (days) => new Set(days).size === days.length,
        'days must list each weekday at most once',
      )
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
    cutoff: z.object(
      {
        time: z
          .string({ error: 'The cut-off time is required' })
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The cut-off time is HH:MM, 00:00 to 23:59'),
        day: z.enum(CUTOFF_DAYS, { error: 'The cut-off is on the day before or the same day' }),
      },
      { error: 'cutoff is required: {time, day}' },
    ),
    closedDates: z
      .array(
        z
          .string({ error: 'A closed date is YYYY-MM-DD' })
          .refine(isShopDay, 'A closed date is YYYY-MM-DD'),
        { error: 'closedDates must be a list of dates' },
      )
      .max(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates`)
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
    cap: z
      .number({ error: 'cap must be a number' })
      .int('cap must be a whole number')
      .min(1, 'cap must be at least 1')
      .max(MAX_DAILY_CAP, `cap must be at most ${MAX_DAILY_CAP}`)
      .nullable()
      .optional()
      .transform((cap) => cap ?? null),
  },
  { error: 'delivery must be {days, cutoff, closedDates, cap} or null' },
)

export type DeliverySchedule = z.output<typeof deliveryScheduleSchema>
export type DeliveryScheduleInput = z.input<typeof deliveryScheduleSchema>

/** A stored schedule (null: the area has no delivery days), read through the one rule. */
export function scheduleOf(stored: unknown): DeliverySchedule | null {
  return stored == null ? null : deliveryScheduleSchema.parse(stored)
}

/** A delivery date a buyer asks for: a real calendar day. */
export const deliveryDate = z
  .string({ error: 'deliveryDate must be a date (YYYY-MM-DD)' })
  .refine(isShopDay, 'deliveryDate must be a date (YYYY-MM-DD)')

/** GET /api/delivery-areas/{slug}/days: the open days a buyer may choose, the earliest first. */
export type DeliveryDaysDTO = { area: string; days: string[] }
