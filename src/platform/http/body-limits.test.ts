import { describe, expect, it } from 'vitest'

import { assertJsonShape, parseJsonText, readJson, TooManyValues } from './body'
import { JsonShape } from './json-shape'
import { bodyLimitOf, JSON_BODY_LIMIT } from './body-limits'
import { PRICE_LIST_CSV_MAX_BYTES, PRODUCTS_CSV_MAX_BYTES } from './upload-limits'

describe('bodyLimitOf', () => {
  it('gives each sign-in a few kB, whatever the query or a trailing slash', () => {
    for (const path of [
      '/cms/api/users/login',
      '/cms/api/users/login/?depth=0',
      '/cms/api/users/first-register',
      '/cms/api/users/forgot-password',
      '/cms/api/users/reset-password',
      '/api/account/sign-in',
      '/api/account/password',
      '/cms/setup',
    ]) {
      const limit = bodyLimitOf('POST', path)
      expect(limit.family, path).toBe('sign-in')
      expect(limit.bytes).toBeLessThanOrEqual(8_000)
    }
  })

  it('gives /cms writes and GraphQL what an edit needs, and media an image', () => {
    expect(bodyLimitOf('PATCH', '/cms/api/products/12').family).toBe('cms-write')
    expect(bodyLimitOf('POST', '/cms/api/graphql').family).toBe('cms-write')
    expect(bodyLimitOf('POST', '/cms/api/graphql').bytes).toBe(1_000_000)
    const media = bodyLimitOf('POST', '/cms/api/media')
    expect(media.family).toBe('cms-upload')
    expect(media.bytes).toBeGreaterThan(5 * 1024 * 1024)
    expect(media.bytes).toBeLessThan(7 * 1024 * 1024)
    expect(bodyLimitOf('POST', '/cms/collections/products/12').family).toBe('cms-panel')
  })

  it('keeps the shop API at 100 kB and the imports at their files in bytes, with JSON room', () => {
    expect(bodyLimitOf('POST', '/api/orders').bytes).toBe(JSON_BODY_LIMIT)
    expect(bodyLimitOf('PUT', '/api/products/ABC-1').bytes).toBe(JSON_BODY_LIMIT)
    // A JSON body's escapes may double the file (upload-limits.ts); the file itself is held to
    // its limit by the import as it is decoded.
    expect(bodyLimitOf('POST', '/api/admin/products/import').bytes).toBe(PRODUCTS_CSV_MAX_BYTES * 2)
    expect(PRODUCTS_CSV_MAX_BYTES).toBe(64 * 1024 * 1024)
    expect(bodyLimitOf('POST', '/api/admin/price-lists/3/prices').bytes).toBe(
      PRICE_LIST_CSV_MAX_BYTES * 2,
    )
    expect(bodyLimitOf('POST', '/api/admin/products').family).toBe('product-create')
    // A proof of payment is the file itself: 5 MB, and only where it is posted.
    expect(bodyLimitOf('POST', '/api/orders/KC-ABCDEF/payment-proofs')).toMatchObject({
      family: 'payment-proof',
      bytes: 5 * 1024 * 1024,
    })
    expect(bodyLimitOf('POST', '/api/orders/KC-ABCDEF/payment-proofs/x').family).toBe('api-json')
    expect(bodyLimitOf('GET', '/api/orders/KC-ABCDEF/payment-proofs').family).toBe('no-body')
  })

  it('bounds bodies sent where none is read, and everything else small', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(bodyLimitOf(method, '/api/admin/products/import').family).toBe('no-body')
      expect(bodyLimitOf(method, '/cms/api/media').bytes).toBe(1_000)
    }
    expect(bodyLimitOf('POST', '/').family).toBe('default')
    expect(bodyLimitOf('POST', '/p/ABC-1').bytes).toBe(16_000)
    // Not fooled by a path that only starts like a family's.
    expect(bodyLimitOf('POST', '/apiary').family).toBe('default')
    expect(bodyLimitOf('POST', '/cms/api/users/login-x').family).toBe('cms-write')
  })
})

describe('assertJsonShape', () => {
  it('counts keys, values and brackets outside strings, and refuses past the limit', () => {
    expect(() => assertJsonShape('{"a":1,"b":[1,2]}', 'body', 6)).not.toThrow()
    expect(() => assertJsonShape('{"a":1,"b":[1,2]}', 'body', 5)).toThrow(TooManyValues)
    // Commas and brackets inside strings are text, escaped quotes included.
    expect(() => assertJsonShape('{"a":"[,,,{:\\",,,"}', 'body', 3)).not.toThrow()
  })

  it('refuses the two million empty objects that exhausted the heap, before parsing', () => {
    const body = `[${'{},'.repeat(2_000_000)}{}]`
    const started = performance.now()
    expect(() => parseJsonText(body, 'body')).toThrow(/at most 10,000 keys and values/)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('answers 413 naming the field, and lets a real order through', () => {
    try {
      parseJsonText(`[${'1,'.repeat(20_000)}1]`, 'body')
      expect.unreachable()
    } catch (error) {
      expect((error as TooManyValues).status).toBe(413)
      expect((error as TooManyValues).details).toEqual({ field: 'body' })
    }
    const order = {
      customer: { name: 'Thandi', phone: '0821234567' },
      area: 'soweto',
      payment: 'cash',
      items: Array.from({ length: 100 }, (_, i) => ({ sku: `SKU-${i}`, quantity: 2 })),
    }
    expect(parseJsonText(JSON.stringify(order), 'body')).toEqual(order)
  })

  it('still refuses nesting past 64 levels with a 400', () => {
    expect(() => parseJsonText('['.repeat(65) + ']'.repeat(65), 'body')).toThrow(/nested/)
  })
})

describe('readJson', () => {
  it('refuses a body with too many values as it arrives, leaving the rest unread', async () => {
    let pulled = 0
    const block = new TextEncoder().encode('{},'.repeat(20_000))
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 60 MB of `[{},{},…` if it were all read: far inside the import's 72 MB.
        if (pulled++ === 0) controller.enqueue(new TextEncoder().encode('['))
        else if (pulled < 1_000) controller.enqueue(block)
        else controller.close()
      },
    })
    const request = new Request('http://shop.test/api/admin/products/import', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit)
    await expect(readJson(request)).rejects.toThrow(/at most 100 keys and values/)
    expect(pulled).toBeLessThan(5)
  })

  it('reads a body fed in pieces as one, escapes split between them included', () => {
    const shape = new JsonShape('body', 4)
    for (const piece of ['{"a":"x\\', '",,,,"', ',"b":1}']) shape.feed(piece)
    expect(() => shape.feed(',')).toThrow(TooManyValues)
  })
})
