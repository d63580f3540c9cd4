import pg from 'pg'

import { settleSearchIndexes } from '../src/modules/catalogue/search-repository'

/**
 * A wholesaler's catalogue at any size, made in SQL: names built from brands, goods and pack
 * sizes, so a search for a word of the goods matches about 1 in 60 products, as a shopper's
 * "soap" or "rice" would, and the four categories are evenly filled.
 */
export const GOODS = [
  'soap', 'rice', 'sugar', 'maize', 'flour', 'oil', 'tea', 'coffee', 'beans', 'salt',
  'candles', 'matches', 'bleach', 'detergent', 'shampoo', 'lotion', 'toothpaste', 'nappies',
  'towels', 'socks', 'gloves', 'blanket', 'bucket', 'broom', 'mop', 'lantern', 'torch',
  'battery', 'charger', 'kettle', 'stove', 'pot', 'pan', 'plates', 'cups', 'spoons', 'jam',
  'peanut', 'biscuits', 'juice', 'cooldrink', 'chips', 'sweets', 'pasta', 'noodles', 'soup',
  'spice', 'vinegar', 'mayonnaise', 'margarine', 'milk', 'yeast', 'padlock', 'wire', 'nails',
  'paint', 'brush', 'seeds', 'fertiliser', 'hosepipe',
] // prettier-ignore

const BRANDS = [
  'Sunrise', 'Mzansi', 'Karoo', 'Ubuntu', 'Highveld', 'Protea', 'Umoya', 'Lekker', 'Baobab',
  'Kalahari', 'Drakensberg', 'Limpopo', 'Tugela', 'Cederberg', 'Zulu Star', 'Vaal', 'Kwela',
] // prettier-ignore

const SIZES = ['250g', '500g', '1kg', '2kg', '5kg', '10kg', '500ml', '1L', '2L', '5L', '6 pack', '12 pack', '24 pack'] // prettier-ignore

export const CATEGORIES = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty']

const ORDER_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/**
 * Replaces the demo catalogue with `count` products (stock enough for any run) and returns
 * their skus. Skus run SC-000000… in the order made.
 */
export async function loadCatalogue(databaseUrl: string, count: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query('DELETE FROM products')
    await db.query(
      `INSERT INTO products (sku, name, category, price, special_price, old_price, description, in_stock)
       SELECT 'SC-' || lpad(i::text, 6, '0'),
              ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' ||
              initcap(($3::text[])[1 + (i / 7) % array_length($3::text[], 1)]) || ' ' ||
              ($4::text[])[1 + (i / 3) % array_length($4::text[], 1)] || ' #' || i,
              ($5::text[])[1 + i % 4]::enum_products_category,
              round((5 + (i * 7919 % 99500) / 100.0)::numeric, 2),
              NULL, NULL,
              'Sold by the case to spaza shops and resellers.', 10000000
         FROM generate_series(0, $1::int - 1) AS i`,
      [count, BRANDS, GOODS, SIZES, CATEGORIES],
    )
    // As autovacuum leaves a shop a minute after such a load: the mix measures the shop, not it.
    await settleSearchIndexes(db)
    await db.query('VACUUM (ANALYZE) products, stock_movements')
    const { rows } = await db.query<{ sku: string }>('SELECT sku FROM products ORDER BY sku')
    return rows.map((row) => row.sku)
  } finally {
    await db.end()
  }
}

/**
 * `count` past orders of two lines each, spread over the last year, as the owner's dashboard
 * would hold after a year of trade. Written in SQL, as the order path would have written them.
 */
export async function loadOrders(databaseUrl: string, count: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const idChar = (k: number) => `substr($2, 1 + ((i / ${31 ** k}) % 31)::int, 1)`
    await db.query(
      `INSERT INTO orders (order_id, customer_name, customer_phone, area, area_name, payment,
                           subtotal, fee, total, created_at, updated_at, invoice_number)
       SELECT 'KC-' || ${[5, 4, 3, 2, 1, 0].map(idChar).join(' || ')},
              'Buyer ' || i, '082 000 ' || lpad((i % 10000)::text, 4, '0'),
              'soweto', 'Soweto', (CASE WHEN i % 3 = 0 THEN 'shop-to-shop' ELSE 'cash' END)::enum_orders_payment,
              100.00, 50.00, 150.00,
              now() - (i * interval '10 minutes'), now() - (i * interval '10 minutes'),
              (SELECT last FROM invoice_counter) + $1::int - i + 1
         FROM generate_series(1, $1::int) AS i`,
      [count, ORDER_ID_ALPHABET],
    )
    await db.query('UPDATE invoice_counter SET last = last + $1::int', [count])
    await db.query(
      `INSERT INTO orders_items (_order, _parent_id, id, sku, name, price, quantity)
       SELECT n, o.id, md5(o.id::text || '-' || n), 'SC-00000' || n, 'Bench line ' || n, 50.00, 1
         FROM orders o CROSS JOIN generate_series(1, 2) AS n`,
    )
    await db.query('ANALYZE orders; ANALYZE orders_items')
  } finally {
    await db.end()
  }
}
