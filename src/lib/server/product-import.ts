import { BadInput } from '@/lib/errors'
import { parseProductsCsv, type CsvRecord } from '@/lib/csv'
import { toDecimalText, toCents } from '@/lib/money'
import { productCreateSchema, type ProductCreateInput } from '@/lib/schemas/product'
import { catalogueCache } from './caches'
import { getShop } from './payload'

export const MAX_IMPORT_ROWS = 10_000
const MAX_REPORTED_ERRORS = 200

export type RowError = { line: number; field: string; message: string }
export type ImportResult = { message: string; created: number; updated: number; dryRun: boolean }

/**
 * Imports products from CSV: every row is validated first, and any bad row stops the whole
 * import (400 listing rows by line and field). Otherwise products are upserted by sku in one
 * statement inside one transaction. A dry run answers the same counts and writes nothing.
 * The caller has passed requireAdmin.
 */
export async function importProducts(csvData: string, dryRun: boolean): Promise<ImportResult> {
  const parsed = parseProductsCsv(csvData, MAX_IMPORT_ROWS)
  if (!parsed.ok) throw new BadInput(parsed.error, { field: 'csvData' })
  if (parsed.records.length === 0)
    throw new BadInput('The CSV has no product rows.', { field: 'csvData' })

  const errors: RowError[] = []
  const products: ProductCreateInput[] = []
  const seen = new Map<string, number>()
  for (const { line, values } of parsed.records) {
    const result = productCreateSchema.safeParse(fromCsv(values))
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ line, field: issue.path.join('.') || 'row', message: issue.message })
      }
      continue
    }
    const earlier = seen.get(result.data.sku)
    if (earlier) {
      errors.push({
        line,
        field: 'sku',
        message: `sku ${result.data.sku} is already on line ${earlier}`,
      })
      continue
    }
    seen.set(result.data.sku, line)
    products.push(result.data)
  }
  if (errors.length) {
    const lines = new Set(errors.map((e) => e.line)).size
    throw new BadInput(
      `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      {
        rows: errors.slice(0, MAX_REPORTED_ERRORS),
      },
    )
  }

  const pool = (await getShop()).db.pool
  const skus = products.map((p) => p.sku)
  if (dryRun) {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE sku = ANY($1::varchar[])',
      [skus],
    )
    const updated = rows[0]!.n
    return summary(products.length - updated, updated, true)
  }

  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query<{ created: boolean }>(
      `INSERT INTO products (sku, name, category, price, old_price, description, special_price,
                             image_u_r_l, in_stock)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::enum_products_category[],
                            $4::numeric[], $5::numeric[], $6::varchar[], $7::numeric[],
                            $8::varchar[], $9::numeric[])
       ON CONFLICT (sku) DO UPDATE SET
         name = excluded.name, category = excluded.category, price = excluded.price,
         old_price = excluded.old_price, description = excluded.description,
         special_price = excluded.special_price, image_u_r_l = excluded.image_u_r_l,
         in_stock = excluded.in_stock, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [
        skus,
        products.map((p) => p.name),
        products.map((p) => p.category),
        products.map((p) => toDecimalText(toCents(p.price))),
        products.map((p) => (p.oldPrice == null ? null : toDecimalText(toCents(p.oldPrice)))),
        products.map((p) => p.description ?? null),
        products.map((p) =>
          p.specialPrice == null ? null : toDecimalText(toCents(p.specialPrice)),
        ),
        products.map((p) => p.imageURL ?? null),
        products.map((p) => p.inStock),
      ],
    )
    await client.query('COMMIT')
    catalogueCache.invalidate()
    const created = rows.filter((r) => r.created).length
    return summary(created, rows.length - created, false)
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
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
