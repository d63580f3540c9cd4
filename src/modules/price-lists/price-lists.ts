import type { Payload } from 'payload'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { inTransaction } from '@/platform/db/transaction'
import { PRICE_LIST_CSV_HEADER, fixedPricesToCsv, readFixedPricesCsv, type RowError } from './csv'
import {
  deletePriceList,
  fixedPricesOf,
  insertPriceList,
  listPriceLists,
  lockPriceList,
  priceListById,
  renamePriceList,
  replaceDiscounts,
  replaceFixedPrices,
  storedSkus,
} from './repository'
import {
  MAX_FIXED_PRICES,
  type FixedPriceInput,
  type PriceListDTO,
  type PriceListInput,
  type PriceListPatch,
} from './schemas'

const MAX_REPORTED_ERRORS = 200
const FOREIGN_KEY_VIOLATION = '23503'

const nameTaken = () =>
  new Conflict('A price list with this name already exists.', { field: 'name' })
const noList = (id: number) => new NotFound(`No price list ${id}`)

export function priceLists(shop: Payload): Promise<PriceListDTO[]> {
  return listPriceLists(shop.db.pool)
}

export async function priceList(shop: Payload, id: number): Promise<PriceListDTO> {
  const list = await priceListById(shop.db.pool, id)
  if (!list) throw noList(id)
  return list
}

export async function createPriceList(shop: Payload, input: PriceListInput): Promise<PriceListDTO> {
  const id = await inTransaction(shop.db.pool, async (db) => {
    const made = await insertPriceList(db, input.name)
    if (made === undefined) throw nameTaken()
    await replaceDiscounts(db, made, input.discounts)
    return made
  })
  return priceList(shop, id)
}

/** Changes what the owner changed: the name, the percentages (all of them, as sent), or both. */
export async function updatePriceList(
  shop: Payload,
  id: number,
  patch: PriceListPatch,
): Promise<PriceListDTO> {
  await inTransaction(shop.db.pool, async (db) => {
    if (!(await lockPriceList(db, id))) throw noList(id)
    if (patch.name !== undefined && (await renamePriceList(db, id, patch.name)) === false)
      throw nameTaken()
    if (patch.discounts) await replaceDiscounts(db, id, patch.discounts)
  })
  return priceList(shop, id)
}

export async function removePriceList(shop: Payload, id: number): Promise<void> {
  if (!(await deletePriceList(shop.db.pool, id))) throw noList(id)
}

/**
 * Replaces the list's fixed prices with a CSV file's (`sku,price,priceBreaks`): the file is
 * the list, so a sku left out loses its fixed price. Every row is checked first, each sku must
 * be a product, and any error refuses the whole file (400 listing rows by line and field).
 */
export async function importFixedPrices(
  shop: Payload,
  id: number,
  csv: string,
  dryRun: boolean,
): Promise<{ message: string; fixedPrices: number; dryRun: boolean }> {
  const read = readFixedPricesCsv(csv, MAX_FIXED_PRICES)
  if (!read.ok) throw rowErrors(read.errors)
  const prices = await asStored(shop, read.prices)
  if (!dryRun) {
    await inTransaction(shop.db.pool, async (db) => {
      if (!(await lockPriceList(db, id))) throw noList(id)
      await replaceFixedPrices(db, id, prices)
    }).catch(async (error: unknown) => {
      // A product deleted (or renamed) since the file was checked: said as the check says it.
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error
      await asStored(shop, read.prices)
      throw new Conflict('A product in the file changed while it was imported. Please try again.')
    })
  } else if (!(await priceListById(shop.db.pool, id))) throw noList(id)
  const n = prices.length
  return {
    message: `${dryRun ? 'Would set' : 'Set'} ${n} fixed price${n === 1 ? '' : 's'}.`,
    fixedPrices: n,
    dryRun,
  }
}

/** The file's prices with each sku as the product stores it; a sku that is no product fails. */
async function asStored(
  shop: Payload,
  prices: readonly (FixedPriceInput & { line: number })[],
): Promise<FixedPriceInput[]> {
  const stored = await storedSkus(
    shop.db.pool,
    prices.map((p) => p.sku),
  )
  const errors: RowError[] = []
  const found = prices.flatMap(({ line, ...price }) => {
    const sku = stored.get(price.sku.toLowerCase())
    if (sku) return [{ ...price, sku }]
    errors.push({ line, field: 'sku', message: `No product has sku ${price.sku}` })
    return []
  })
  if (errors.length) throw rowErrors(errors)
  return found
}

function rowErrors(errors: RowError[]): BadInput {
  const lines = new Set(errors.map((e) => e.line)).size
  return new BadInput(
    `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
    { rows: errors.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS) },
  )
}

/** The list's fixed prices as CSV text, header first, a batch at a time in sku order. */
export async function exportFixedPrices(
  shop: Payload,
  id: number,
): Promise<AsyncGenerator<string>> {
  await priceList(shop, id)
  return csvChunks(fixedPricesOf(shop.db.pool, id))
}

async function* csvChunks(batches: ReturnType<typeof fixedPricesOf>): AsyncGenerator<string> {
  yield PRICE_LIST_CSV_HEADER
  for await (const batch of batches) yield fixedPricesToCsv(batch)
}
