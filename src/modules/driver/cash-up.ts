import type { Payload } from 'payload'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { addCents, fromCents, toCents } from '@/shared/money'
import {
  areaNames,
  cashUpsOf,
  insertCashUp,
  linkById,
  linksOfDay,
  marksOfLinks,
  type CashUpRow,
  type DriverMarkRow,
} from './repository'
import { cashFigures, cashOfRun } from './run-rules'
import { receivedOn } from '@/modules/payments/received'
import type { CashReportDTO, CashRunDTO, CashUpInput } from './schemas'

const centsOf = (marks: DriverMarkRow[]) =>
  cashOfRun(
    marks.map((m) => ({
      outcome: m.outcome,
      cashDue: toCents(m.cash_due),
      cashCollected: m.cash_collected === null ? null : toCents(m.cash_collected),
    })),
  )

/**
 * The cash a driver hands in at the end of a run, counted by the owner against what the run's
 * delivered cash orders came to; a difference must say why. Once per link.
 */
export async function cashUpRun(
  shop: Payload,
  linkId: number,
  input: CashUpInput,
): Promise<CashRunDTO> {
  const pool = shop.db.pool
  const link = await linkById(pool, linkId)
  if (!link) throw new NotFound(`No driver link ${linkId}.`)
  const cash = centsOf(await marksOfLinks(pool, [linkId]))
  const counted = toCents(input.counted)
  if (counted !== cash.expected && !input.note)
    throw new BadInput('Say why the cash counted differs from the cash expected.', {
      field: 'note',
    })
  const saved = await insertCashUp(pool, { linkId, ...cash, counted, note: input.note })
  if (!saved) throw new Conflict('This run is already cashed up.', { linkId })
  const [run] = (await cashReport(shop, link.run_date)).runs.filter((r) => r.linkId === linkId)
  return run!
}

function cashUpOf(row: CashUpRow | undefined): CashRunDTO['cashUp'] {
  if (!row) return null
  const counted = toCents(row.counted)
  return {
    counted: fromCents(counted),
    difference: fromCents(counted - toCents(row.expected)),
    note: row.note,
    at: row.at.toISOString(),
  }
}

/** A day's cash: each run and driver (each link), and the day's sums, to the cent. */
export async function cashReport(shop: Payload, date: string): Promise<CashReportDTO> {
  const pool = shop.db.pool
  const links = await linksOfDay(pool, date)
  const ids = links.map((l) => l.id)
  const [marks, cashUps, names, received] = await Promise.all([
    marksOfLinks(pool, ids),
    cashUpsOf(pool, ids),
    areaNames(pool, [...new Set(links.map((l) => l.area))]),
    receivedOn(shop, date),
  ])
  const sums = { expected: 0, collected: 0, difference: 0 }
  const runs = links.map((link): CashRunDTO => {
    const own = marks.filter((m) => m.link_id === link.id)
    const cash = centsOf(own)
    sums.expected = addCents(sums.expected, cash.expected)
    sums.collected = addCents(sums.collected, cash.collected)
    sums.difference = addCents(sums.difference, cash.difference)
    return {
      linkId: link.id,
      date: link.run_date,
      area: link.area,
      areaName: names.get(link.area) ?? link.area,
      driverName: link.driver_name,
      stops: own.length,
      delivered: own.filter((m) => m.outcome === 'delivered').length,
      notDelivered: own.filter((m) => m.outcome === 'not-delivered').length,
      cash: cashFigures(cash),
      cashUp: cashUpOf(cashUps.find((c) => c.link_id === link.id)),
    }
  })
  return { date, runs, totals: cashFigures(sums), received }
}
