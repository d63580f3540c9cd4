import { z } from 'zod'

import { daysBetween, isShopDay } from '@/shared/dates'
import { MONTH, VAT_PERIOD_KINDS } from './periods'

/** The VAT figures' and the accountant's export's inputs (docs/vat.md). Browser-safe. */

/** The longest span one export covers: a year and a day, a whole tax year whatever its start. */
export const MAX_EXPORT_DAYS = 366

const month = z
  .string({ error: 'period must be a month (YYYY-MM)' })
  .regex(MONTH, 'period must be a month (YYYY-MM)')

/** GET /api/admin/vat?period=YYYY-MM: the VAT period (of the shop's kind) the month is in. */
export const vatQuerySchema = z.strictObject({
  period: month,
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
})

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isShopDay, `${field} must be a date (YYYY-MM-DD)`)

/** GET /api/admin/exports/{xero,sage}?from&to: the documents of these shop days, both included. */
export const exportQuerySchema = z
  .strictObject({ from: day('from'), to: day('to') })
  .refine((q) => q.from <= q.to, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_EXPORT_DAYS, {
    message: `An export covers at most ${MAX_EXPORT_DAYS} days`,
    path: ['to'],
  })

export type ExportQuery = z.output<typeof exportQuerySchema>

/** PUT /api/admin/vat/settings: the shop's VAT period, as SARS assigned it. */
export const vatSettingsSchema = z.strictObject({
  vatPeriod: z.enum(VAT_PERIOD_KINDS, {
    error: `vatPeriod must be one of ${VAT_PERIOD_KINDS.join(', ')}`,
  }),
})

export type VatSettingsInput = z.output<typeof vatSettingsSchema>
