import type { FlattenedField } from 'payload'
import { describe, expect, it } from 'vitest'

import { changesOnly } from './changes-only'
import { fingerprint } from './fingerprint'

const fields = [
  { name: 'name', type: 'text' },
  { name: 'price', type: 'number' },
  { name: 'description', type: 'textarea' },
  { name: 'image', type: 'upload', relationTo: 'media' },
  { name: 'priceBreaks', type: 'json' },
  { name: 'updatedAt', type: 'date' },
  { name: 'stockSeen', type: 'number', virtual: true },
] as FlattenedField[]

const read = {
  id: 7,
  name: 'Crate',
  price: 10,
  description: null,
  image: 3,
  priceBreaks: [{ from: 6, price: 9 }],
  updatedAt: '2026-01-01T00:00:00.000Z',
}

/** Payload's final data: what was read, with the request's fields and the hooks' laid over it. */
const final = (over: Record<string, unknown>) => ({ ...read, ...over })

describe('changesOnly', () => {
  it('writes the fields sent and what Payload itself changed, not what it filled in', () => {
    const now = '2026-02-02T00:00:00.000Z'
    const data = final({ name: 'Crate of six', updatedAt: now })
    expect(
      changesOnly(fields, data, { sent: { name: 'Crate of six' }, read, forced: new Set() }),
    ).toEqual({ id: 7, name: 'Crate of six', updatedAt: now })
  })

  it('writes a field sent as it was read (the last save of a field wins)', () => {
    const plan = { sent: { price: 10 }, read, forced: new Set<string>() }
    expect(changesOnly(fields, final({}), plan)).toEqual({ id: 7, price: 10 })
  })

  it('does not write a field sent that a hook or access rule replaced by the stored value', () => {
    const plan = { sent: { description: 'mine' }, read, forced: new Set<string>() }
    expect(changesOnly(fields, final({}), plan)).toEqual({ id: 7 })
  })

  it('judges a related document by its id, a json value by its content, empty as empty', () => {
    const data = final({
      image: { id: 3, filename: 'a.webp' },
      priceBreaks: [{ price: 9, from: 6 }],
      description: '',
    })
    expect(changesOnly(fields, data, { sent: {}, read, forced: new Set() })).toEqual({ id: 7 })
  })

  it('writes a field a hook insists on, and leaves virtual fields to the adapter', () => {
    const data = final({ price: 10, stockSeen: 4 })
    const plan = { sent: {}, read, forced: new Set(['price']) }
    expect(changesOnly(fields, data, plan)).toEqual({ id: 7, price: 10, stockSeen: 4 })
  })
})

describe('fingerprint', () => {
  it('is one code for one value however it is sent or read', () => {
    const image = fields[3]!
    expect(fingerprint(image, { id: 3, url: '/x' })).toBe(fingerprint(image, 3))
    const date = fields[5]!
    expect(fingerprint(date, new Date(read.updatedAt))).toBe(fingerprint(date, read.updatedAt))
    expect(fingerprint(fields[0]!, 'a')).not.toBe(fingerprint(fields[0]!, 'b'))
  })
})
