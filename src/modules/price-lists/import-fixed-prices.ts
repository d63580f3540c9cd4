import type { Payload } from 'payload'

import { inTransactionOn, withOwnConnection } from '@/platform/db/transaction'
import type { CsvSource } from '@/shared/csv-parser'
import { Conflict, NotFound } from '@/shared/errors'
import { RowErrors } from '@/shared/row-errors'
import { FixedPricesCsvReader, type CheckedPrice } from './csv'
import { lockPriceList, priceListById } from './repository'
import { MAX_FIXED_PRICES } from './schemas'
import {
  createStaging,
  replaceFromStaged,
  stagedCount,
  stagedDuplicates,
  stagedUnknownSkus,
  stagePrices,
} from './staging'

const MAX_REPORTED_ERRORS = 200
const STAGE_BATCH = 2_000
const FOREIGN_KEY_VIOLATION = '23503'

/**
 * Replaces the list's fixed prices with a CSV file's (`sku,price,priceBreaks`): the file is
 * the list, so a sku left out loses its fixed price. The file is read as it arrives, a batch of
 * rows at a time into a temporary table of the import's connection. Every row is checked
 * first, each sku must be a product, and any error refuses the whole file (400 listing rows by
 * line and field); a dry run says how many prices it would set and writes nothing.
 */
export async function importFixedPrices(
  shop: Payload,
  id: number,
  source: CsvSource,
): Promise<{ message: string; fixedPrices: number; dryRun: boolean }> {
  const pool = shop.db.pool
  return withOwnConnection(pool, async (client) => {
    await createStaging(client)
    const errors = new RowErrors(MAX_REPORTED_ERRORS)
    const reader = new FixedPricesCsvReader(MAX_FIXED_PRICES, errors)
    let batch: CheckedPrice[] = []
    for await (const text of source.text) {
      batch.push(...reader.push(text))
      if (batch.length >= STAGE_BATCH) {
        await stagePrices(client, batch)
        batch = []
      }
    }
    batch.push(...reader.end())
    await stagePrices(client, batch)
    batch = []
    const dryRun = source.dryRun()

    const twice = await stagedDuplicates(client, MAX_REPORTED_ERRORS)
    errors.addFound(twice.first, twice.lines)
    if (errors.count) throw errors.refusal()
    await refuseUnknownSkus(client)
    const n = await stagedCount(client)
    if (!dryRun) {
      await inTransactionOn(client, async () => {
        if (!(await lockPriceList(client, id))) throw noList(id)
        // A product deleted (or renamed) since the check is said as the check says it.
        await refuseUnknownSkus(client)
        if ((await replaceFromStaged(client, id)) !== n) throw changedMeanwhile()
      }).catch((error: unknown) => {
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw changedMeanwhile()
        throw error
      })
    } else if (!(await priceListById(client, id))) throw noList(id)
    return {
      message: `${dryRun ? 'Would set' : 'Set'} ${n} fixed price${n === 1 ? '' : 's'}.`,
      fixedPrices: n,
      dryRun,
    }
  })
}

async function refuseUnknownSkus(client: Parameters<typeof stagedCount>[0]): Promise<void> {
  const unknown = await stagedUnknownSkus(client, MAX_REPORTED_ERRORS)
  if (!unknown.lines) return
  const errors = new RowErrors(MAX_REPORTED_ERRORS)
  errors.addFound(unknown.first, unknown.lines)
  throw errors.refusal()
}

const noList = (id: number) => new NotFound(`No price list ${id}`)
const changedMeanwhile = () =>
  new Conflict('A product in the file changed while it was imported. Please try again.')
