import type { PoolClient } from 'pg'
import { describe, expect, it } from 'vitest'

import { readSettings, shopSettingsOf, type SettingsRow } from '@/modules/settings/repository'
import { lockQuoteInputs } from './placement-repository'

const settingsRow: SettingsRow = {
  shop_name: 'Spaza Supplies',
  tagline: 'Wholesale',
  whatsapp_number: '27820000000',
  free_delivery_cents: 75_000,
  low_stock_threshold: 5,
  min_order_cents: 20_000,
  shop_address: '1 Market St',
  vat_registered: true,
  vat_number: '4123456789',
  vat_rate: 15,
  prices_for_buyers_only: true,
  theme_color: '#1d4ed8',
  offline_data_mb: 20,
  payfast_ready: false,
}

/** A transaction's client that answers the settings' statement and the products' read. */
function fakeClient(area: Record<string, unknown> | null) {
  const statements: { text: string; values: unknown[] }[] = []
  const client = {
    query: (text: string, values: unknown[] = []) => {
      statements.push({ text, values })
      if (/shop_settings/.test(text)) {
        const none = { area_slug: null, area_name: null, area_fee: null, area_minimum: null }
        return Promise.resolve({ rows: [{ ...settingsRow, ...(area ?? none) }] })
      }
      return Promise.resolve({ rows: [] })
    },
  }
  return { client: client as unknown as PoolClient, statements }
}

describe('lockQuoteInputs', () => {
  it('reads the settings the one way, with the area in the same statement', async () => {
    const { client, statements } = fakeClient({
      area_slug: 'soweto',
      area_name: 'Soweto',
      area_fee: '45.00',
      area_minimum: null,
    })
    const inputs = await lockQuoteInputs(client, 'soweto', ['A-1'], null)
    // One statement for settings and area, one for the products: no round trip of its own.
    expect(statements).toHaveLength(2)
    expect(statements[0]!.text).toMatch(
      /FROM \(SELECT 1\) AS one LEFT JOIN \(SELECT \* FROM shop_settings/,
    )
    expect(statements[0]!.text).toMatch(/LEFT JOIN delivery_areas a ON a\.slug = \$4/)
    expect(statements[0]!.values.at(-1)).toBe('soweto')
    const settings = shopSettingsOf(settingsRow)
    expect(inputs).toMatchObject({
      area: { slug: 'soweto', name: 'Soweto', feeCents: 4500, minimumCents: null },
      settings: {
        freeFromCents: settings.freeDeliveryThresholdCents,
        minimumCents: settings.minOrderValueCents,
        vat: { rate: 15, sellerVatNumber: '4123456789' },
      },
      buyersOnly: true,
      seller: { name: 'Spaza Supplies', address: '1 Market St' },
    })
  })

  it('is the same statement readSettings sends for the shop’s settings', async () => {
    const { client, statements } = fakeClient(null)
    await readSettings(client)
    await lockQuoteInputs(client, 'nowhere', ['A-1'], null)
    const [alone, withArea] = statements.map((s) => s.text.replace(/\s+/g, ' '))
    expect(withArea!.startsWith(alone!.trimEnd().replace(/ FROM \(SELECT 1\).*$/, ''))).toBe(true)
  })

  it('locks no product for an unknown area', async () => {
    const { client, statements } = fakeClient(null)
    const inputs = await lockQuoteInputs(client, 'nowhere', ['A-1'], null)
    expect(inputs.area).toBeUndefined()
    expect(inputs.products.size).toBe(0)
    expect(statements).toHaveLength(1)
  })
})
