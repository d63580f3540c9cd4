import { daysBetween, shopDay } from '@/shared/dates'

export type OrderDisplayStatus = 'New' | 'Processing' | 'Pending'

/** Days after which an order stops being New, and stops being Processing (the spec's 0 and 3). */
export const NEW_MAX_DAYS = 0
export const PROCESSING_MAX_DAYS = 3

/** Display status from age alone, counted in Johannesburg calendar days. */
export function orderDisplayStatus(createdAt: Date, now: Date = new Date()): OrderDisplayStatus {
  const age = daysBetween(shopDay(createdAt), shopDay(now))
  if (age <= NEW_MAX_DAYS) return 'New'
  if (age <= PROCESSING_MAX_DAYS) return 'Processing'
  return 'Pending'
}
