import { randomInt } from 'node:crypto'
import http from 'node:http'

import { beforeAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { baseURL, sql } from '../helpers/api'
import { buildProduct } from '../helpers/factories'
import { logFromNow } from '../helpers/server-log'
import { staffToken } from '../helpers/staff'

/**
 * Requests an outside probe sent that Payload answered with a 500 and a stack in the log: each
 * is a 4xx with a readable JSON error, or the answer it asks for, and changes nothing.
 */

let productId: number
const products = () => sql<{ row: string }>(`SELECT p::text AS row FROM products p ORDER BY id`)

async function asStaff(method: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}/cms/api${path}`, {
    method,
    ...init,
    headers: { authorization: `JWT ${await staffToken()}`, ...init.headers },
  })
}

/** The answer's status, once its body is read as JSON: a 4xx says what was wrong in JSON. */
async function statusOf(res: Response): Promise<number> {
  const text = await res.text()
  expect(() => JSON.parse(text), `${res.status} ${text.slice(0, 200)}`).not.toThrow()
  return res.status
}

beforeAll(async () => {
  const { sku } = await buildProduct()
  productId = Number(
    (await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))[0]!.id,
  )
})

describe('a /cms write whose body is not a document', () => {
  const form = () => {
    const body = new FormData()
    body.set('name', 'No _payload')
    return body
  }
  const bodies: [string, () => RequestInit][] = [
    ...['null', '1', '"x"', '[]', '[{}]', 'true'].map((json): [string, () => RequestInit] => [
      `JSON ${json}`,
      () => ({ headers: { 'content-type': 'application/json' }, body: json }),
    ]),
    ['text/plain', () => ({ headers: { 'content-type': 'text/plain' }, body: 'name=x' })],
    ['Application/JSON', () => ({ headers: { 'content-type': 'Application/JSON' }, body: '{}' })],
    ['no type', () => ({ body: '{"name": "x"}' })],
    ['a form without _payload', () => ({ body: form() })],
    ['an empty JSON body', () => ({ headers: { 'content-type': 'application/json' }, body: '' })],
    ['an empty text body', () => ({ headers: { 'content-type': 'text/plain' }, body: '' })],
    ['no body', () => ({})],
  ]

  it.each([
    ['POST', '/products'],
    ['PATCH', '/products/{id}'],
    ['PATCH', '/products?where[id][equals]={id}'],
    ['POST', '/delivery-areas'],
    ['POST', '/media'],
    ['POST', '/globals/shop-settings'],
    ['POST', '/users/login'],
    ['POST', '/users/forgot-password'],
    ['POST', '/users/unlock'],
    ['POST', '/graphql'],
  ])('%s %s is a 4xx', async (method, path) => {
    const before = await products()
    const log = logFromNow()
    for (const [name, init] of bodies) {
      const res = await asStaff(method, path.replaceAll('{id}', String(productId)), init())
      const status = await statusOf(res)
      expect(status, name).toBeGreaterThanOrEqual(400)
      expect(status, name).toBeLessThan(500)
    }
    expect(await products()).toEqual(before)
    expect(log.errors()).toEqual([])
  })
})

describe('a path that names no collection', () => {
  it.each([
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'toString',
    'globals/__proto__',
    'globals/constructor',
  ])('/cms/api/%s is a 404', async (name) => {
    const log = logFromNow()
    for (const path of [`/${name}`, `/${name}/1`, `/${name}/count`]) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
        const res = await asStaff(method, path, {
          headers: { 'content-type': 'application/json' },
          body: method === 'GET' ? undefined : '{}',
        })
        expect(await statusOf(res), `${method} ${path}`).toBe(404)
      }
    }
    expect((await asStaff('GET', '/globals/shop-settings/versions')).status).toBe(404)
    expect(log.errors()).toEqual([])
  })
})

describe('a panel preference', () => {
  it('that is not stored is a 404 to delete; one that is, is deleted', async () => {
    const log = logFromNow()
    for (const key of ['no-such-key', '1%20OR%201%3D1x', 'count']) {
      expect(await statusOf(await asStaff('DELETE', `/payload-preferences/${key}`)), key).toBe(404)
    }
    const saved = await asStaff('POST', '/payload-preferences/strict-ids', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: { columns: ['sku'] } }),
    })
    expect(saved.status).toBe(200)
    expect(await statusOf(await asStaff('DELETE', '/payload-preferences/strict-ids'))).toBe(200)
    expect(log.errors()).toEqual([])
  })
})

describe('a where the database cannot run as written', () => {
  it('inside a JSON field: an operator jsonpath has not is a 400; those it has work', async () => {
    const log = logFromNow()
    for (const path of ['priceBreaks.from', 'priceBreaks__from', 'priceBreaks.from.x']) {
      for (const query of [
        'greater_than]=1',
        'greater_than_equal]=1',
        'less_than]=1',
        'in]=1',
        'in]=1,2',
        'not_in]=1',
        'contains]=1',
        'equals][a]=1',
        'like][0]=1',
      ]) {
        const res = await asStaff('GET', `/products?where[${path}][${query}`)
        expect(await statusOf(res), `${path} ${query}`).toBe(400)
      }
    }
    for (const query of ['equals]=12', 'not_equals]=12', 'exists]=true', 'in][0]=12', 'like]=1']) {
      const res = await asStaff('GET', `/products?where[priceBreaks.from][${query}`)
      expect(await statusOf(res), query).toBe(200)
    }
    expect(log.errors()).toEqual([])
  })

  it('a date is compared, not searched as text', async () => {
    const log = logFromNow()
    for (const collection of ['products', 'delivery-areas', 'orders', 'trade-accounts']) {
      for (const operator of ['contains', 'like', 'not_like']) {
        for (const field of ['createdAt', 'updatedAt']) {
          const query = `/${collection}?where[${field}][${operator}]=abc`
          expect(await statusOf(await asStaff('GET', query)), query).toBe(400)
        }
      }
      const since = `/${collection}?where[createdAt][greater_than]=2020-01-01`
      expect(await statusOf(await asStaff('GET', since)), since).toBe(200)
    }
    expect(log.errors()).toEqual([])
  })

  it('a value where a value belongs, and an operator the shop supports', async () => {
    const log = logFromNow()
    for (const query of [
      'where[name][like][a]=1',
      'where[name][equals][a]=1',
      'where[name][all]=x',
      'where[name][all][0]=x',
      'where[sku][near]=1,2',
      'where[price][within][a]=1',
      'where[or][0]=x',
      'where[priceList][in]=null',
      'where[priceList][not_in]=1,null',
    ]) {
      const collection = query.includes('priceList') ? 'trade-accounts' : 'products'
      expect(await statusOf(await asStaff('GET', `/${collection}?${query}`)), query).toBe(400)
    }
    expect(log.errors()).toEqual([])
  })
})

describe('GraphQL where', () => {
  const graphql = async (query: string, variables?: unknown) => {
    const res = await asStaff('POST', '/graphql', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as {
      data?: { DeliveryAreas?: { docs: { slug: string }[] } | null }
      errors?: { message: string; extensions?: { statusCode?: number } }[]
    }
    return { status: res.status, ...body }
  }
  const AREAS = 'query($w: DeliveryArea_where) { DeliveryAreas(where: $w) { docs { slug } } }'

  it('reads a field given as null as "the field is null"', async () => {
    const log = logFromNow()
    for (const answer of [
      await graphql('{ DeliveryAreas(where: {fee: null}) { docs { slug } } }'),
      await graphql(AREAS, { w: { fee: null } }),
      await graphql(AREAS, { w: { fee: null, name: { equals: 'Soweto' } } }),
    ]) {
      expect(answer.status).toBe(200)
      expect(answer.errors).toBeUndefined()
      expect(answer.data?.DeliveryAreas?.docs).toEqual([])
    }
    const everyArea = await graphql(AREAS, { w: null })
    expect(everyArea.errors).toBeUndefined()
    expect(everyArea.data?.DeliveryAreas?.docs.length).toBeGreaterThan(0)
    expect(log.errors()).toEqual([])
  })

  it('reads a null among AND or OR as no condition', async () => {
    const log = logFromNow()
    const and = await graphql(AREAS, { w: { AND: [null, { slug: { equals: 'soweto' } }] } })
    expect(and.errors).toBeUndefined()
    expect(and.data?.DeliveryAreas?.docs).toEqual([{ slug: 'soweto' }])
    const or = await graphql(AREAS, { w: { OR: [null, { slug: { equals: 'soweto' } }] } })
    expect(or.errors).toBeUndefined()
    expect(or.data?.DeliveryAreas?.docs).toEqual([{ slug: 'soweto' }])
    expect(log.errors()).toEqual([])
  })

  it('refuses a where it cannot run with a 400 inside, never a 500, nor a stack in the log', async () => {
    const log = logFromNow()
    for (const w of [{ id: { equals: 1.5 } }, { createdAt: { like: 'abc' } }]) {
      const answer = await graphql(AREAS, { w })
      expect(answer.status, JSON.stringify(w)).toBeLessThan(500)
      expect(answer.errors?.length, JSON.stringify(w)).toBeGreaterThan(0)
      for (const error of answer.errors ?? []) {
        expect(error.extensions?.statusCode ?? 400, error.message).toBeLessThan(500)
      }
    }
    expect(log.errors()).toEqual([])
  })

  it('answers an anonymous query of what staff may read with a 403 inside, one line in the log', async () => {
    const log = logFromNow()
    const res = await fetch(`${baseURL()}/cms/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Orders { docs { id } } }' }),
    })
    const body = (await res.json()) as {
      data: { Orders: null }
      errors: { message: string; extensions: { statusCode: number } }[]
    }
    expect(body.data.Orders).toBeNull()
    expect(body.errors.map((error) => error.extensions.statusCode)).toEqual([403])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(log.read()).toContain('You are not allowed to perform this action.')
    expect(log.errors()).toEqual([])
  })
})

describe('the owner’s accounts API', () => {
  it('refuses a price list id past int4 with a 400 naming priceListId', async () => {
    const log = logFromNow()
    const phone = `084 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
    const fields = { businessName: 'Int4 Spaza', contactName: 'Ayanda', phone }
    for (const priceListId of [2147483648, 1e20, 2 ** 53 + 1]) {
      const made = await admin('POST', '/api/admin/accounts', { ...fields, priceListId })
      expect(made.status, String(priceListId)).toBe(400)
      expect(((await made.json()) as { field?: string }).field).toBe('priceListId')
    }
    const made = await admin('POST', '/api/admin/accounts', fields)
    expect(made.status).toBe(201)
    const { id } = (await made.json()) as { id: number }
    const patched = await admin('PATCH', `/api/admin/accounts/${id}`, { priceListId: 2147483648 })
    expect(patched.status).toBe(400)
    expect(((await patched.json()) as { field?: string }).field).toBe('priceListId')
    expect(log.errors()).toEqual([])
  })
})

describe('a Host header that is no host', () => {
  const withHost = (path: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${baseURL()}${path}`, { headers: { host } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.end()
    })

  it.each(['[::1', '[::1]]', 'a b', 'exa mple.com:80', '[', ':80', 'x:y'])(
    '%j is a 400',
    async (host) => {
      const log = logFromNow()
      for (const path of ['/cms', '/cms/api/products', '/', '/api/products', '/admin', '/p/x']) {
        const res = await withHost(path, host)
        expect(res.status, path).toBe(400)
        expect(() => JSON.parse(res.body), path).not.toThrow()
      }
      expect(log.errors()).toEqual([])
    },
  )

  it('a real one still works, a port and an IPv6 address included', async () => {
    const port = new URL(baseURL()).port
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'shop.example',
    ]) {
      expect((await withHost('/api/health', host)).status, host).toBe(200)
    }
  })
})
