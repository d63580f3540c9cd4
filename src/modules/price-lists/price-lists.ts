import type { Payload } from 'payload'

import { Conflict, NotFound } from '@/shared/errors'
import { inTransaction } from '@/platform/db/transaction'
import { PRICE_LIST_CSV_HEADER, fixedPricesToCsv } from './csv'
import {
  deletePriceList,
  fixedPricesOf,
  insertPriceList,
  listPriceLists,
  lockPriceList,
  priceListById,
  renamePriceList,
  replaceDiscounts,
} from './repository'
import type { PriceListDTO, PriceListInput, PriceListPatch } from './schemas'

export { importFixedPrices } from './import-fixed-prices'

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
  // In a transaction, as every audited write is, so the audit log names who made it.
  if (!(await inTransaction(shop.db.pool, (db) => deletePriceList(db, id)))) throw noList(id)
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
