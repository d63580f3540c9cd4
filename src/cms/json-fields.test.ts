import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { CMS_COLLECTIONS } from '@/cms/collections'
import { ShopSettings } from '@/cms/globals/ShopSettings'

/** Every field of `fields`, those inside rows, groups, collapsibles, tabs and arrays too. */
function* everyField(fields: readonly Field[]): Generator<Field> {
  for (const field of fields) {
    yield field
    if ('fields' in field && field.fields) yield* everyField(field.fields)
    if (field.type === 'tabs') for (const tab of field.tabs) yield* everyField(tab.fields)
  }
}

/*
 * Payload's JSON field edits in Monaco, which it loads from a public CDN as the field opens: the
 * panel's Content-Security-Policy refuses it (and a shop without internet has none). A JSON field
 * staff see is edited in the shop's own text box (cms/components/json-text-field.tsx).
 */
describe('the /cms panel’s JSON fields', () => {
  it('are edited as text, never in Payload’s editor from a CDN', () => {
    const configs = [...CMS_COLLECTIONS, ShopSettings]
    const json: string[] = []
    for (const config of configs) {
      for (const field of everyField(config.fields)) {
        if (field.type !== 'json' || field.admin?.hidden) continue
        json.push(`${config.slug}.${field.name}`)
        const component = field.admin?.components?.Field
        expect(component, `${config.slug}.${field.name}`).toBe(
          '/src/cms/components/json-text-field#JsonTextField',
        )
      }
    }
    // The fields this holds today: none, and it proves nothing.
    expect(json).toEqual(expect.arrayContaining(['products.priceBreaks']))
  })
})
