import { randomBytes } from 'node:crypto'

import sharp from 'sharp'

import { sql } from './api'

export type TestProduct = {
  sku: string
  name: string
  category: string
  price: number
  specialPrice?: number | null
  inStock: number
}

/** A product's fields with a fresh sku and name, not yet stored. */
export function newProduct(overrides: Partial<TestProduct> = {}): TestProduct {
  return {
    sku: `T-${randomBytes(4).toString('hex').toUpperCase()}`,
    name: `Test product ${randomBytes(3).toString('hex')}`,
    category: 'Electronics',
    price: 100,
    inStock: 10,
    ...overrides,
  }
}

/** A product written straight to the database, as psql would (the change feed reports it). */
export async function buildProduct(overrides: Partial<TestProduct> = {}): Promise<TestProduct> {
  const product = newProduct(overrides)
  await sql(
    `INSERT INTO products (sku, name, category, price, special_price, in_stock) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      product.sku,
      product.name,
      product.category,
      product.price,
      product.specialPrice ?? null,
      product.inStock,
    ],
  )
  return product
}

export async function stockOf(sku: string): Promise<number> {
  const [row] = await sql<{ in_stock: string }>(`SELECT in_stock FROM products WHERE sku = $1`, [
    sku,
  ])
  return Number(row!.in_stock)
}

export async function orderCount(): Promise<number> {
  const [row] = await sql<{ count: string }>(`SELECT count(*) FROM orders`)
  return Number(row!.count)
}

export async function anArea(): Promise<{ slug: string; name: string; fee: number }> {
  const [row] = await sql<{ slug: string; name: string; fee: string }>(
    `SELECT slug, name, fee FROM delivery_areas WHERE slug = 'soweto'`,
  )
  return { slug: row!.slug, name: row!.name, fee: Number(row!.fee) }
}

export function orderBody(items: { sku: string; quantity: number }[], area = 'soweto') {
  return {
    customer: { name: 'Thandi Mokoena', phone: '082 123 4567', address: '12 Vilakazi St' },
    area,
    payment: 'cash',
    items,
  }
}

/** A real image of one colour; PNG compresses even 40 megapixels to a small file. */
export function solidImage(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
  return (format === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg()).toBuffer()
}

/** POST /api/admin/products as multipart: the product as a `data` JSON part, and its image. */
export function productForm(fields: Record<string, unknown>, image: Buffer, type = 'image/png') {
  const form = new FormData()
  form.set('data', JSON.stringify(fields))
  form.set('image', new Blob([new Uint8Array(image)], { type }), `photo.${type.split('/')[1]}`)
  return form
}
