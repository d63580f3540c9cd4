import type { Payload } from 'payload'

import { fromCents } from '@/shared/money'
import type { ReceivedDTO } from '@/modules/driver/schemas'
import { receivedOnDay } from './repository'
import { MONEY_SOURCES } from './schemas'

/** What came in on shop day `day`, by where it came from, and in all (the day's figures). */
export async function receivedOn(shop: Payload, day: string): Promise<ReceivedDTO> {
  const rows = await receivedOnDay(shop.db.pool, day)
  const cents = Object.fromEntries(MONEY_SOURCES.map((s) => [s, 0])) as Record<
    (typeof MONEY_SOURCES)[number],
    number
  >
  for (const row of rows) cents[row.source] = Number(row.cents)
  const total = MONEY_SOURCES.reduce((sum, s) => sum + cents[s], 0)
  return {
    cash: fromCents(cents.cash),
    bank: fromCents(cents.bank),
    payfast: fromCents(cents.payfast),
    owner: fromCents(cents.owner),
    total: fromCents(total),
  }
}
