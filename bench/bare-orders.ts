import { randomBytes } from 'node:crypto'

import pg from 'pg'

/**
 * The bare baseline for S2: the same transaction as the order service (advisory-free: lock rows
 * in sku order, check stock, decrement, insert the order and its lines), straight on `pg` with
 * the same pool size, from `clients` concurrent loops for `seconds`.
 */
export async function bareOrders(options: {
  databaseUrl: string
  poolSize: number
  clients: number
  seconds: number
  skus: string[]
  lines: number
}): Promise<{ orders: number; perSecond: number }> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize })
  const deadline = Date.now() + options.seconds * 1000
  let orders = 0
  const loop = async () => {
    while (Date.now() < deadline) {
      const picked = pickSkus(options.skus, options.lines)
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const area = await client.query(
          `SELECT a.slug, a.name, a.fee, s.free_delivery_threshold FROM delivery_areas a
             LEFT JOIN shop_settings s ON true WHERE a.slug = $1 LIMIT 1`,
          ['soweto'],
        )
        const rows = await client.query<{
          sku: string
          name: string
          price: string
          in_stock: string
        }>(
          `SELECT sku, name, price, special_price, in_stock FROM products
            WHERE sku = ANY($1::varchar[]) ORDER BY sku FOR UPDATE`,
          [picked],
        )
        if (rows.rows.some((r) => Number(r.in_stock) < 1)) throw new Error('out of stock')
        await client.query(
          `UPDATE products p SET in_stock = p.in_stock - v.q FROM unnest($1::varchar[], $2::int[]) AS v(sku, q)
            WHERE p.sku = v.sku`,
          [picked, picked.map(() => 1)],
        )
        const fee = area.rows[0]!.fee as string
        const counter = await client.query<{ last: string }>(
          'UPDATE invoice_counter SET last = last + 1 RETURNING last',
        )
        const inserted = await client.query<{ id: number }>(
          `INSERT INTO orders (order_id, customer_name, customer_phone, area, area_name, payment, subtotal, fee, total, invoice_number)
           VALUES ($1, 'Bench', '0820000000', 'soweto', 'Soweto', 'cash', 100, $2, 100 + $2::numeric, $3) RETURNING id`,
          [`BARE-${randomBytes(6).toString('hex')}`, fee, counter.rows[0]!.last],
        )
        const id = inserted.rows[0]!.id
        await client.query(
          `INSERT INTO orders_items (_order, _parent_id, id, sku, name, price, quantity)
           SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::numeric[], $7::numeric[])`,
          [
            rows.rows.map((_, i) => i + 1),
            rows.rows.map(() => id),
            rows.rows.map(() => randomBytes(12).toString('hex')),
            rows.rows.map((r) => r.sku),
            rows.rows.map((r) => r.name),
            rows.rows.map((r) => r.price),
            rows.rows.map(() => 1),
          ],
        )
        await client.query('COMMIT')
        orders++
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: options.clients }, loop))
  const elapsed = (Date.now() - started) / 1000
  await pool.end()
  return { orders, perSecond: orders / elapsed }
}

export function pickSkus(skus: string[], count: number): string[] {
  const picked = new Set<string>()
  while (picked.size < count) picked.add(skus[Math.floor(Math.random() * skus.length)]!)
  return [...picked]
}
