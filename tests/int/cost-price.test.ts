import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, sql } from '../helpers/api'
import { cms } from '../helpers/staff'

/*
 * A product's cost price is the owner's: every way in writes it, and no public answer, page,
 * RSC payload, sitemap or shared answer (the copies the service worker keeps are these same
 * answers) carries it.
 */

// Odd amounts that appear nowhere else in a page: their text found anywhere is a leak.
const COST = 987.61
const COST_TEXT = ['987.61', '987,61', '98761']

const leaks = (text: string) => COST_TEXT.filter((t) => text.includes(t))

async function created(sku: string, extra: Record<string, unknown> = {}) {
  const res = await admin('POST', '/api/admin/products', {
    sku,
    name: `Costed ${sku}`,
    category: 'Clothing',
    price: 1200.5,
    inStock: 30,
    costPrice: COST,
    ...extra,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Record<string, unknown>
}

describe('a product cost price', () => {
  it('is written and read back by the owner, and an edit without it keeps it', async () => {
    const sku = `COST-${Date.now()}-A`
    expect(await created(sku)).toMatchObject({ sku, costPrice: COST })
    expect(await (await admin('GET', `/api/admin/products/${sku}`)).json()).toMatchObject({
      costPrice: COST,
    })
    const renamed = await admin('PUT', `/api/products/${sku}`, { name: 'Renamed' })
    expect(await renamed.json()).toMatchObject({ name: 'Renamed', costPrice: COST })
    const changed = await admin('PUT', `/api/products/${sku}`, { costPrice: 12.3 })
    expect(await changed.json()).toMatchObject({ costPrice: 12.3 })
    const cleared = await admin('PUT', `/api/products/${sku}`, { costPrice: null })
    expect((await cleared.json()) as object).not.toHaveProperty('costPrice')
    expect(await sql(`SELECT cost_price FROM products WHERE sku = $1`, [sku])).toEqual([
      { cost_price: null },
    ])
  })

  it('refuses a negative cost or one with more than two decimals (400 naming the field)', async () => {
    for (const costPrice of [-1, 1.234, 'ten']) {
      const res = await admin('POST', '/api/admin/products', {
        sku: `COST-${Date.now()}-BAD`,
        name: 'Bad',
        category: 'Clothing',
        price: 10,
        costPrice,
      })
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain('costPrice')
    }
    expect((await created(`COST-${Date.now()}-ZERO`, { costPrice: 0 })).costPrice).toBe(0)
  })

  it('never appears in a public answer, page, RSC payload, sitemap or shared answer', async () => {
    const sku = `COST-${Date.now()}-P`
    await created(sku)
    const addresses = [
      '/api/products',
      '/api/products?limit=100',
      `/api/products?q=${sku}`,
      `/api/products?skus=${sku}`,
      `/api/products?category=Clothing&limit=100`,
      '/',
      `/?q=${sku}`,
      `/p/${sku}`,
      '/sitemap.xml',
      '/sitemaps/0.xml',
      `/cms/api/products?where[sku][equals]=${sku}`,
    ]
    for (const address of addresses) {
      // Twice: the second is the shared answer the front door (and a service worker) keeps.
      for (const round of [1, 2]) {
        const res = await get(address)
        expect(res.status, `${address} (${round})`).toBeLessThan(400)
        expect(leaks(await res.text()), `${address} (${round})`).toEqual([])
      }
    }
    // The RSC payload a client navigation fetches.
    for (const address of ['/', `/p/${sku}`]) {
      const rsc = await get(address, { headers: { rsc: '1' } })
      expect(leaks(await rsc.text()), `RSC ${address}`).toEqual([])
    }
    // The page does show the product: the check above looked at the right page.
    expect(await (await get(`/p/${sku}`)).text()).toContain(`Costed ${sku}`)
  })

  it('is read through /cms by staff only', async () => {
    const sku = `COST-${Date.now()}-C`
    await created(sku)
    const where = `?where[sku][equals]=${sku}&depth=0`
    const anonymous = (await (await get(`/cms/api/products${where}`)).json()) as {
      docs: Record<string, unknown>[]
    }
    expect(anonymous.docs).toHaveLength(1)
    expect(anonymous.docs[0]).not.toHaveProperty('costPrice')
    const staff = (await (await cms('GET', `/products${where}`)).json()) as {
      docs: { id: number; costPrice?: number }[]
    }
    expect(staff.docs[0]!.costPrice).toBe(COST)
    const saved = await cms('PATCH', `/products/${staff.docs[0]!.id}`, { costPrice: 55.5 })
    expect(saved.status).toBe(200)
    expect(await sql(`SELECT cost_price::text FROM products WHERE sku = $1`, [sku])).toEqual([
      { cost_price: '55.5' },
    ])
  })

  it('goes out in the CSV export and comes in with an import; an old file leaves it', async () => {
    const sku = `COST-${Date.now()}-V`
    await created(sku)
    const exported = await (await admin('GET', '/api/admin/products/export')).text()
    const [header, ...lines] = exported.split('\r\n')
    expect(header!.split(',').at(-1)).toBe('costPrice')
    expect(lines.find((l) => l.startsWith(`${sku},`))).toMatch(/,987\.61$/)
    const importCsv = (csvData: string) =>
      admin('POST', '/api/admin/products/import', { csvData, dryRun: false })
    expect(
      (await importCsv(`sku,name,category,price,costPrice\r\n${sku},Costed,Clothing,1200.5,40.25`))
        .status,
    ).toBe(200)
    expect(
      (await (await admin('GET', `/api/admin/products/${sku}`)).json()) as object,
    ).toMatchObject({ costPrice: 40.25 })
    expect(
      (await importCsv(`sku,name,category,price\r\n${sku},Costed,Clothing,1200.5`)).status,
    ).toBe(200)
    expect(
      (await (await admin('GET', `/api/admin/products/${sku}`)).json()) as object,
    ).toMatchObject({ costPrice: 40.25 })
  })
})
