import type { Payload } from 'payload'

import type { CsvSource } from '@/shared/csv-parser'
import { BadInput } from '@/shared/errors'
import { RowErrors } from '@/shared/row-errors'
import { ProductsCsvReader, type CsvRecord, type CsvRecordLine } from '@/modules/catalogue/csv'
import { parsePriceBreaks, PRICE_BREAKS_CELL_HINT } from '@/modules/pricing/price-breaks-text'
import { productCreateSchema } from '@/modules/catalogue/schemas'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { setStockContext } from '@/modules/stock/repository'
import { inTransactionOn, withOwnConnection } from '@/platform/db/transaction'

import {
  applyStaged,
  countStaged,
  createStaging,
  lockStaged,
  stagedErrors,
  stageProducts,
  type StagedProduct,
} from './product-staging'
import { settleSearchIndexes } from './search-repository'

/** Well above the 100,000 products a wholesaler may have: any export can be imported back. */
export const MAX_IMPORT_ROWS = 200_000
const MAX_REPORTED_ERRORS = 200
/** Rows checked, then staged, then written, per statement: a few MB of the server's memory. */
const WRITE_BATCH = 2_000

export type ImportResult = { message: string; created: number; updated: number; dryRun: boolean }

/**
 * Imports products from CSV, read as it arrives: each batch of rows is checked and put into a
 * temporary table of the import's connection, so the server never holds the file, its text or
 * its rows. Any bad row stops the whole import (400 listing rows by line and field) and nothing
 * is written; a dry run answers the same counts and writes nothing. Otherwise the products are
 * upserted by sku from that table in one transaction. The caller has passed requireAdmin.
 */
export async function importProducts(
  shop: Payload,
  source: CsvSource,
  actor: string,
): Promise<ImportResult> {
  const pool = shop.db.pool
  const result = await withOwnConnection(pool, async (client) => {
    await createStaging(client)
    const reader = new ProductsCsvReader(MAX_IMPORT_ROWS)
    const errors = new RowErrors(MAX_REPORTED_ERRORS)
    let batch: StagedProduct[] = []
    const take = (records: CsvRecordLine[]) => {
      for (const record of records) {
        const row = checkRow(record, errors)
        if (row) batch.push(row)
      }
    }
    for await (const text of source.text) {
      take(reader.push(text))
      if (batch.length >= WRITE_BATCH) {
        await stageProducts(client, batch)
        batch = []
      }
    }
    take(reader.end())
    await stageProducts(client, batch)
    batch = []
    const dryRun = source.dryRun()
    if (reader.rows === 0) throw new BadInput('The CSV has no product rows.', { field: 'csvData' })

    const found = await stagedErrors(client, MAX_REPORTED_ERRORS)
    errors.addFound(found.first, found.lines)
    if (errors.count) throw errors.refusal()
    if (dryRun) {
      const { total, existing } = await countStaged(client)
      return summary(total - existing, existing, true)
    }
    /*
     * Row locks in the order orders take them (sku order, by the database's collation), and new
     * rows inserted in that order too: an import beside live orders or another import waits, it
     * never deadlocks; a deadlock from anything else is retried like an order's.
     */
    const columns = reader.columns!
    const { created, written } = await inTransactionOn(client, async () => {
      await lockStaged(client)
      await setStockContext(client, { reason: 'import', actor })
      return applyStaged(client, columns, WRITE_BATCH)
    })
    return summary(created, written - created, false)
  })
  if (!result.dryRun) await settleSearchIndexes(pool)
  return result
}

/** A row as a product, or its errors added to `errors`. */
function checkRow(
  { line, values, extraCells }: CsvRecordLine,
  errors: RowErrors,
): StagedProduct | undefined {
  if (extraCells > 0) {
    errors.add({
      line,
      field: 'row',
      message: `This row has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns.`,
    })
    return undefined
  }
  const breaks = values.priceBreaks === undefined ? [] : parsePriceBreaks(values.priceBreaks)
  if (!breaks) {
    errors.add({ line, field: 'priceBreaks', message: PRICE_BREAKS_CELL_HINT })
    return undefined
  }
  const result = productCreateSchema.safeParse({
    ...fromCsv(values),
    priceBreaks: breaks.length ? breaks : null,
  })
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.add({ line, field: issue.path.join('.') || 'row', message: issue.message })
    }
    return undefined
  }
  return { line, product: result.data, upload: uploadName(result.data.imageURL) }
}

/**
 * The export writes an uploaded image as its URL under /cms/api/media/file/. Such a URL is the
 * upload again (the product keeps it as its image, not as an external imageURL), and one that
 * names no upload of this shop is a row error. Anything else is an external imageURL, which
 * replaces an upload; an empty cell leaves an uploaded image where it is, so a price list made
 * by hand never strips the shop's photos. A name that does not decode is no upload: null.
 */
function uploadName(url: string | null | undefined): string | null | undefined {
  if (!url?.startsWith(MEDIA_FILE_PREFIX)) return undefined
  try {
    return decodeURIComponent(url.slice(MEDIA_FILE_PREFIX.length))
  } catch {
    return null
  }
}

function summary(created: number, updated: number, dryRun: boolean): ImportResult {
  const counts = `${created} created, ${updated} updated`
  return {
    message: dryRun
      ? `Ready to import: ${counts}.`
      : `Imported ${created + updated} products: ${counts}.`,
    created,
    updated,
    dryRun,
  }
}

/** CSV cells are text: numbers are read strictly, and empty optional cells mean "none". */
function fromCsv(values: CsvRecord): Record<string, unknown> {
  return {
    sku: values.sku ?? '',
    name: values.name ?? '',
    category: values.category?.trim() ?? '',
    price: number(values.price),
    oldPrice: optionalNumber(values.oldPrice),
    specialPrice: optionalNumber(values.specialPrice),
    description: values.description ?? null,
    imageURL: values.imageURL ?? null,
    inStock:
      values.inStock === undefined || values.inStock.trim() === '' ? 0 : number(values.inStock),
    minQty: optionalNumber(values.minQty),
    caseSize: optionalNumber(values.caseSize),
    costPrice: optionalNumber(values.costPrice),
  }
}

function number(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') return undefined
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

function optionalNumber(text: string | undefined): number | null {
  return number(text) ?? null
}
