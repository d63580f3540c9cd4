import config from '@payload-config'
import type { Where } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { checkedWhere, WhereRefused, type Schema } from './where-rules'

let schema: Schema
beforeAll(async () => {
  const { collections } = await config
  schema = {
    fieldsOf: (slug) => collections.find((each) => each.slug === slug)!.flattenedFields,
    textIds: () => false,
  }
})

const check = (slug: string, where: unknown) => checkedWhere(where as Where | null, slug, schema)

describe('a where checked before Payload runs it', () => {
  it.each([
    ['products', { id: { in: '2abc' } }],
    ['products', { id: { equals: '01' } }],
    ['products', { id: { equals: 2147483648 } }],
    ['products', { id: { not_in: ['1', ' 2'] } }],
    ['products', { id: { contains: '1' } }],
    ['trade-accounts', { priceList: { equals: '1abc' } }],
    ['trade-accounts', { priceList: { in: 'null' } }],
    ['products', { id: { not_in: ['1', 'null'] } }],
    ['trade-accounts', { 'priceList.id': { in: '1,1e0' } }],
    ['orders', { or: [{ tradeAccount: { equals: 1.5 } }] }],
    ['products', { 'priceBreaks.from': { greater_than: '1' } }],
    ['products', { priceBreaks__from: { contains: '1' } }],
    ['products', { 'priceBreaks.from': { in: '1' } }],
    ['products', { 'priceBreaks.from': { equals: { a: 1 } } }],
    ['orders', { createdAt: { contains: 'abc' } }],
    ['products', { name: { like: { a: '1' } } }],
    ['products', { name: { all: ['x'] } }],
    ['products', { or: ['x'] }],
    ['products', { and: [{ or: [{ id: { equals: '1 OR 1=1' } }] }] }],
  ])('%s %j is refused', (slug, where) => {
    expect(() => check(slug, where)).toThrow(WhereRefused)
  })

  it.each([
    ['products', { id: { in: '1,2' } }],
    ['products', { id: { in: [1, 2147483647] } }],
    ['products', { id: { equals: null } }],
    ['products', { id: { exists: 'true' } }],
    ['trade-accounts', { priceList: { equals: 'null' } }],
    ['trade-accounts', { priceList: { in: [null, 3] } }],
    ['trade-accounts', { 'priceList.name': { like: 'Gold' } }],
    ['products', { 'priceBreaks.from': { in: ['12'] } }],
    ['products', { 'priceBreaks.from': { exists: true } }],
    ['orders', { createdAt: { greater_than: '2020-01-01' } }],
    ['payload-locked-documents', { updatedAt: { greater_than: new Date() } }],
    ['products', { name: { like: 'tap' }, or: [{ sku: { equals: 'X' } }] }],
    ['products', { nothing: { greater_than: {} } }],
  ])('%s %j is let through as it is', (slug, where) => {
    expect(check(slug, where)).toEqual(where)
  })

  it('reads a field given as null as "the field is null", a null condition in a list as none', () => {
    expect(check('delivery-areas', { fee: null })).toEqual({ fee: { equals: null } })
    expect(check('delivery-areas', { or: [{ fee: null }] })).toEqual({
      or: [{ fee: { equals: null } }],
    })
    expect(check('delivery-areas', null)).toBeUndefined()
    expect(check('delivery-areas', { and: [null, { fee: null }], or: [null] })).toEqual({
      and: [{ fee: { equals: null } }],
      or: [],
    })
  })
})
