import { describe, expect, it } from 'vitest'

import { get, sql } from '../helpers/api'
import { admin } from '../helpers/admin'

const HEADER = 'sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock'

const importCsv = (csvData: string, dryRun?: boolean) =>
  admin('POST', '/api/admin/products/import', {
    csvData,
    ...(dryRun === undefined ? {} : { dryRun }),
  })

const exportCsv = async () => {
  const res = await admin('GET', '/api/admin/products/export')
  expect(res.status).toBe(200)
  return { res, text: await res.text() }
}

const skuCount = async (like: string) =>
  Number(
    (await sql<{ n: string }>(`SELECT count(*) AS n FROM products WHERE sku LIKE $1`, [like]))[0]!
      .n,
  )

describe('CSV export', () => {
  it('is an attachment named by the Johannesburg date with the columns in order', async () => {
    const { res, text } = await exportCsv()
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(
      new Date(),
    )
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="products-${today}.csv"`,
    )
    // The spec's columns, then the optional wholesale rules and the owner's cost price.
    expect(text.split('\r\n')[0]).toBe(`${HEADER},minQty,caseSize,priceBreaks,costPrice`)
    expect(text).toContain('\r\nELE-003,Solar Rechargeable Lantern,Electronics,249.99,,')
  })

  it('neutralises formula cells', async () => {
    await admin('POST', '/api/admin/products', {
      sku: 'CSV-FORMULA',
      name: '=HYPERLINK("http://evil.example","click")',
      category: 'Clothing',
      price: 10,
      description: '@SUM(A1:A9)',
    })
    const { text } = await exportCsv()
    const line = text.split('\r\n').find((l) => l.startsWith('CSV-FORMULA'))!
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(line).toContain(",'@SUM(A1:A9),")
  })
})

describe('CSV import', () => {
  it('reads quoted commas, quotes and newlines, CRLF and a BOM, and upserts by sku', async () => {
    const csv =
      '\uFEFF' +
      [
        HEADER,
        'CSV-001,"Braai tongs, long",Home & Garden,120.50,150,"Says ""hot""\nline two",,,7',
        'CSV-002,Plain mug,Home & Garden,35,,,29.99,https://cdn.example/mug.jpg,0',
        'ELE-001,"32"" HD LED Television",Electronics,2899.99,3199.99,Slim TV,2499.99,,30',
      ].join('\r\n')
    const res = await importCsv(csv)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      message: 'Imported 3 products: 2 created, 1 updated.',
      created: 2,
      updated: 1,
      dryRun: false,
    })
    const tongs = (await (await admin('GET', '/api/admin/products/CSV-001')).json()) as Record<
      string,
      unknown
    >
    expect(tongs).toMatchObject({
      name: 'Braai tongs, long',
      price: 120.5,
      oldPrice: 150,
      description: 'Says "hot"\nline two',
      inStock: 7,
    })
    expect(tongs).not.toHaveProperty('specialPrice')
    expect(await (await admin('GET', '/api/admin/products/CSV-002')).json()).toMatchObject({
      specialPrice: 29.99,
      imageURL: 'https://cdn.example/mug.jpg',
      inStock: 0,
    })
    expect(await (await admin('GET', '/api/admin/products/ELE-001')).json()).toMatchObject({
      specialPrice: 2499.99,
      inStock: 30,
    })
    const listed = (await (await get('/api/products?q=CSV-00')).json()) as unknown[]
    expect(listed).toHaveLength(2)
  })

  it('previews with dryRun: the same counts, nothing written', async () => {
    const csv = [
      HEADER,
      'CSV-DRY-1,Dry one,Clothing,10,,,,,1',
      'ELE-002,Speaker,Electronics,899,,,,,5',
    ].join('\n')
    const res = await importCsv(csv, true)
    expect(await res.json()).toEqual({
      message: 'Ready to import: 1 created, 1 updated.',
      created: 1,
      updated: 1,
      dryRun: true,
    })
    expect(await skuCount('CSV-DRY-%')).toBe(0)
  })

  it('lists bad rows by line and field, and writes nothing at all', async () => {
    const csv = [
      HEADER,
      'CSV-GOOD,Fine,Clothing,10,,,,,1',
      'CSV-BAD1,,Clothing,10,,,,,1',
      'CSV-BAD2,Priced wrong,Clothing,abc,,,,,1',
      'CSV-BAD3,Negative stock,Toys,10,,,,,-4',
      'CSV-GOOD,Again,Clothing,10,,,,,1',
    ].join('\n')
    const res = await importCsv(csv)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; rows: { line: number; field: string }[] }
    expect(body.error).toBe('4 rows have errors; nothing was imported.')
    expect(body.rows.map((r) => `${r.line}:${r.field}`)).toEqual([
      '3:name',
      '4:price',
      '5:category',
      '5:inStock',
      '6:sku',
    ])
    expect(await skuCount('CSV-GOOD')).toBe(0)
  })

  it('refuses a hostile or unknown header, too many rows and a body over 64 MB', async () => {
    for (const header of [
      'sku,name,category,price,__proto__',
      'sku,name,category,price,constructor',
      'sku,name,category,price,colour',
    ]) {
      const res = await importCsv(`${header}\nCSV-H,x,Clothing,1,{}`)
      expect(res.status, header).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(/Unknown column/)
    }
    expect(await skuCount('CSV-H')).toBe(0)
    const many = `sku,name,category,price\n${Array.from({ length: 200_001 }, (_, i) => `M-${i},x,Clothing,1`).join('\n')}`
    const tooMany = await importCsv(many)
    expect(tooMany.status).toBe(400)
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/At most 200000 rows/)
    expect(await skuCount('M-%')).toBe(0)
    expect((await importCsv('x'.repeat(65 * 1024 * 1024))).status).toBe(413)
    for (const bad of [{}, { csvData: '' }, { csvData: 5 }, { csvData: 'sku\n', dryRun: 'yes' }]) {
      expect(
        (await admin('POST', '/api/admin/products/import', bad)).status,
        JSON.stringify(bad),
      ).toBe(400)
    }
  })

  it('gives back identical products after export then import', async () => {
    const before = await (await get('/api/products')).text()
    const { text } = await exportCsv()
    const res = await importCsv(text)
    expect(res.status).toBe(200)
    const { created } = (await res.json()) as { created: number }
    expect(created).toBe(0)
    expect(await (await get('/api/products')).text()).toBe(before)
    expect((await exportCsv()).text).toBe(text)
  })
})
