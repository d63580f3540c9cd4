import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import type { ShopServer } from '../tests/helpers/shop-server'

export const PRODUCTS = 1000

/** Tops the catalogue up to PRODUCTS with bench products (huge stock), straight in SQL. */
export async function fillCatalogue(databaseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    return await insertBenchProducts(db)
  } finally {
    await db.end()
  }
}

async function insertBenchProducts(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM products')
  const missing = PRODUCTS - Number(rows[0]!.count)
  const categories = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty']
  await db.query(
    `INSERT INTO products (sku, name, category, price, special_price, description, in_stock)
     SELECT 'BEN-' || lpad(i::text, 5, '0'), 'Bench product ' || i, ($2::text[])[1 + i % 4]::enum_products_category,
            round((10 + random() * 990)::numeric, 2), CASE WHEN i % 5 = 0 THEN 9.99 END,
            'A wholesale line used by the benchmark.', 10000000
       FROM generate_series(1, $1::int) AS i`,
    [missing, categories],
  )
  const skus = await db.query<{ sku: string }>(`SELECT sku FROM products WHERE sku LIKE 'BEN-%'`)
  return skus.rows.map((r) => r.sku)
}

/** The app caches GET /api/products; an order is a write it sees, so it drops the cache. */
export async function refreshCatalogue(shop: ShopServer, sku: string): Promise<void> {
  const res = await fetch(`${shop.baseURL}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(orderBody([sku])),
  })
  if (res.status !== 201) throw new Error(`refresh order failed: ${res.status}`)
}

export function orderBody(skus: string[]) {
  return {
    customer: { name: 'Bench Buyer', phone: '082 000 0000' },
    area: 'soweto',
    payment: 'cash',
    items: skus.map((sku) => ({ sku, quantity: 1 })),
  }
}

/** Writes a run's figures to bench/results/<name>-<timestamp>.json and says where. */
export function writeResult(name: string, result: unknown): void {
  const out = path.join(
    import.meta.dirname,
    'results',
    `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  )
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(out, JSON.stringify(result, null, 2))
  console.log(`Written ${path.relative(process.cwd(), out)}`)
}

/** Runs a benchmark's main and exits with its outcome. */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
