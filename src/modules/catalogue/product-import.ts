import type { Payload } from 'payload'
import { BadInput } from '@/shared/errors'
import { readProductsCsv, type CsvRecord } from '@/modules/catalogue/csv'
import { parsePriceBreaks, PRICE_BREAKS_CELL_HINT } from '@/modules/pricing/price-breaks-text'
import { productCreateSchema, type ProductCreateInput } from '@/modules/catalogue/schemas'
import type { Pool } from 'pg'

import {
  countSkus,
  lockSkus,
  mediaByFilename,
  skuOrder,
  upsertProducts,
  type ImportImage,
} from './product-repository'
import { settleSearchIndexes } from './search-repository'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { setStockContext } from '@/modules/stock/repository'
import { inTransaction } from '@/platform/db/transaction'

/** Well above the 100,000 products a wholesaler may have: any export can be imported back. */
export const MAX_IMPORT_ROWS = 200_000
const MAX_REPORTED_ERRORS = 200
const WRITE_BATCH = 2_000

export type RowError = { line: number; field: string; message: string }
export type ImportResult = { message: string; created: number; updated: number; dryRun: boolean }

/**
 * Imports products from CSV: every row is validated first, and any bad row stops the whole
 * import (400 listing rows by line and field). Otherwise products are upserted by sku in one
 * statement inside one transaction. A dry run answers the same counts and writes nothing.
 * The caller has passed requireAdmin.
 */
export async function importProducts(
  shop: Payload,
  input: { csvData: string },
  dryRun: boolean,
  actor: string,
): Promise<ImportResult> {
  const errors: RowError[] = []
  const rows: { line: number; product: ProductCreateInput }[] = []
  const seen = new Map<string, number>()
  // Each row becomes a product as it is read: the file's cells are never all held at once.
  const parsed = readProductsCsv(input.csvData, MAX_IMPORT_ROWS, ({ line, values, extraCells }) => {
    if (extraCells > 0) {
      errors.push({
        line,
        field: 'row',
        message: `This row has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns.`,
      })
      return
    }
    const breaks = values.priceBreaks === undefined ? [] : parsePriceBreaks(values.priceBreaks)
    if (!breaks) {
      errors.push({ line, field: 'priceBreaks', message: PRICE_BREAKS_CELL_HINT })
      return
    }
    const result = productCreateSchema.safeParse({
      ...fromCsv(values),
      priceBreaks: breaks.length ? breaks : null,
    })
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ line, field: issue.path.join('.') || 'row', message: issue.message })
      }
      return
    }
    // SKUs are one product whatever their case, as the database's unique index says.
    const key = result.data.sku.toLowerCase()
    const earlier = seen.get(key)
    if (earlier) {
      errors.push({
        line,
        field: 'sku',
        message: `sku ${result.data.sku} is already on line ${earlier}`,
      })
      return
    }
    seen.set(key, line)
    rows.push({ line, product: result.data })
  })
  // The file's text (up to 64 MB) is not needed past here: let it be collected.
  input.csvData = ''
  seen.clear()
  if (!parsed.ok) throw new BadInput(parsed.error, { field: 'csvData' })
  if (parsed.rows === 0) throw new BadInput('The CSV has no product rows.', { field: 'csvData' })

  const pool = shop.db.pool
  const images = await resolveImages(pool, rows, errors)
  if (errors.length) {
    const lines = new Set(errors.map((e) => e.line)).size
    throw new BadInput(
      `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      { rows: errors.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS) },
    )
  }

  const products = rows.map((r) => r.product)
  // A file without a rule's column (one made before the rules) leaves that rule as it is.
  const columns = parsed.columns
  const lowerSkus = products.map((p) => p.sku.toLowerCase())
  if (dryRun) {
    const updated = await countSkus(pool, lowerSkus)
    return summary(products.length - updated, updated, true)
  }

  /*
   * Row locks in the order orders take them (sku order, by the database's collation), and new
   * rows inserted in that order too: an import beside live orders or another import waits, it
   * never deadlocks; a deadlock from anything else is retried like an order's. Rows are written
   * WRITE_BATCH at a time, in that order, inside the one transaction: one statement for 200,000
   * rows built parameters and a reply the server's heap could not hold.
   */
  const created = await inTransaction(pool, async (client) => {
    await lockSkus(client, lowerSkus)
    await setStockContext(client, { reason: 'import', actor })
    const order = await skuOrder(
      client,
      products.map((p) => p.sku),
    )
    let made = 0
    for (let start = 0; start < order.length; start += WRITE_BATCH) {
      const batch = order.slice(start, start + WRITE_BATCH)
      made += await upsertProducts(
        client,
        batch.map((i) => products[i]!),
        batch.map((i) => images[i]!),
        columns,
      )
    }
    return made
  })
  await settleSearchIndexes(pool)
  return summary(created, products.length - created, false)
}

/**
 * The export writes an uploaded image as its URL under /cms/api/media/file/. Such a URL is the
 * upload again (the product keeps it as its image, not as an external imageURL), and one that
 * names no upload of this shop is a row error. Anything else is an external imageURL, which
 * replaces an upload; an empty cell leaves an uploaded image where it is, so a price list made
 * by hand never strips the shop's photos.
 */
async function resolveImages(
  pool: Pool,
  rows: { line: number; product: ProductCreateInput }[],
  errors: RowError[],
): Promise<ImportImage[]> {
  // A name that does not decode is no upload of this shop: null, so the row is refused below.
  const uploaded = (url: string | null | undefined) => {
    if (!url?.startsWith(MEDIA_FILE_PREFIX)) return undefined
    try {
      return decodeURIComponent(url.slice(MEDIA_FILE_PREFIX.length))
    } catch {
      return null
    }
  }
  const names = [
    ...new Set(rows.map((r) => uploaded(r.product.imageURL)).filter((n) => typeof n === 'string')),
  ]
  const ids = new Map<string, number>()
  if (names.length) {
    for (const m of await mediaByFilename(pool, names)) ids.set(m.filename, m.id)
  }
  return rows.map(({ line, product }) => {
    const name = uploaded(product.imageURL)
    if (name === undefined) return { imageURL: product.imageURL ?? null, imageId: null }
    const id = name === null ? undefined : ids.get(name)
    if (id === undefined) {
      errors.push({
        line,
        field: 'imageURL',
        message: `No uploaded image at ${product.imageURL}.`,
      })
    }
    return { imageURL: null, imageId: id ?? null }
  })
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
