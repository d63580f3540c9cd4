import { randomBytes, randomInt } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { Config } from '@/payload-types'
import { admin } from '../helpers/admin'
import { baseURL, postJson, sql } from '../helpers/api'
import { buildProduct, orderBody, solidImage } from '../helpers/factories'
import { logFromNow } from '../helpers/server-log'
import { cms, staffToken } from '../helpers/staff'

type Slug = keyof Config['collections']
type Fixture = {
  /** A document made for the test: its id. */
  make: () => Promise<number>
  /** What staff get at its id as written; no other spelling of it may fare better. */
  read: number
  /** Its GraphQL name, when it has GraphQL. */
  graphQL?: string
  /** GET and DELETE at /{x} take a key (the panel's preferences), PATCH an id. */
  keyed?: boolean
}

const idWhere = async (table: string, column: string, value: unknown) =>
  Number(
    (await sql<{ id: number }>(`SELECT id FROM ${table} WHERE ${column} = $1`, [value]))[0]!.id,
  )
const inserted = async (statement: string) => Number((await sql<{ id: number }>(statement))[0]!.id)
const created = async (res: Promise<Response>) => {
  const answer = await res
  expect(answer.status).toBe(201)
  const body = (await answer.json()) as { id?: number; doc?: { id: number } }
  return body.doc?.id ?? body.id!
}

/** Every collection Payload serves: the type check fails here when one is added. */
const COLLECTIONS: Record<Slug, Fixture> = {
  products: {
    read: 200,
    make: async () => idWhere('products', 'sku', (await buildProduct()).sku),
  },
  'delivery-areas': {
    read: 200,
    graphQL: 'DeliveryArea',
    make: () => idWhere('delivery_areas', 'slug', 'soweto'),
  },
  orders: {
    read: 200,
    graphQL: 'Order',
    make: async () => {
      const { sku } = await buildProduct()
      const res = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }]))
      expect(res.status).toBe(201)
      return idWhere('orders', 'order_id', ((await res.json()) as { orderId: string }).orderId)
    },
  },
  'trade-accounts': {
    read: 200,
    graphQL: 'TradeAccount',
    make: () =>
      created(
        admin('POST', '/api/admin/accounts', {
          businessName: 'Strict Ids Spaza',
          contactName: 'Sipho',
          phone: `084 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
        }),
      ),
  },
  'price-lists': {
    read: 200,
    graphQL: 'PriceList',
    make: () =>
      created(
        admin('POST', '/api/admin/price-lists', { name: `Ids ${randomBytes(3).toString('hex')}` }),
      ),
  },
  media: {
    read: 200,
    graphQL: 'Media',
    make: async () => {
      const form = new FormData()
      const png = new Uint8Array(await solidImage(8, 8))
      form.set(
        'file',
        new Blob([png], { type: 'image/png' }),
        `ids-${randomBytes(3).toString('hex')}.png`,
      )
      form.set('_payload', JSON.stringify({ alt: 'strict ids' }))
      return created(cms('POST', '/media', form))
    },
  },
  users: {
    read: 200,
    graphQL: 'User',
    make: async () => (await staffToken(), inserted('SELECT min(id) AS id FROM users')),
  },
  'admin-tokens': {
    read: 200,
    graphQL: 'AdminToken',
    make: () =>
      created(
        cms('POST', '/admin-tokens', { label: 'ids', token: randomBytes(16).toString('hex') }),
      ),
  },
  'payload-kv': {
    read: 403,
    graphQL: 'PayloadKv',
    make: () =>
      inserted(
        `INSERT INTO payload_kv (key, data) VALUES ('ids-${randomInt(1e9)}', '{}') RETURNING id`,
      ),
  },
  'payload-locked-documents': {
    read: 200,
    graphQL: 'PayloadLockedDocument',
    make: () =>
      inserted(`INSERT INTO payload_locked_documents (global_slug) VALUES ('ids') RETURNING id`),
  },
  'payload-preferences': {
    read: 404,
    keyed: true,
    graphQL: 'PayloadPreference',
    make: () =>
      inserted(`INSERT INTO payload_preferences (key, value) VALUES ('ids', '{}') RETURNING id`),
  },
  'payload-migrations': {
    read: 404,
    make: () => inserted('SELECT min(id) AS id FROM payload_migrations'),
  },
}
const SLUGS = Object.keys(COLLECTIONS) as Slug[]
const tableOf = (slug: Slug) => slug.replaceAll('-', '_')

/** Every way of writing an id but the one: Payload read most of these as the id itself. */
const misspelt = (id: number) => [
  `${id}abc`,
  `${id}%20OR%201=1`,
  `0${id}`,
  `${id}.0`,
  `${id}.`,
  `%2B${id}`,
  `%20${id}`,
  `${id}%20`,
  `${id}e0`,
  `0x${id.toString(16)}`,
  `-${id}`,
  '0',
  '2147483648',
  '99999999999999999999',
]

const ids = new Map<Slug, number>()
const rowOf = async (slug: Slug) =>
  sql<{ row: string }>(`SELECT t::text AS row FROM ${tableOf(slug)} t WHERE id = $1`, [
    ids.get(slug),
  ])

async function asStaff(method: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}/cms/api${path}`, {
    method,
    ...init,
    headers: { authorization: `JWT ${await staffToken()}`, ...init.headers },
  })
}

beforeAll(async () => {
  for (const slug of SLUGS) ids.set(slug, await COLLECTIONS[slug].make())
}, 120_000)

describe.each(SLUGS)('/cms/api/%s', (slug) => {
  const { read, keyed } = COLLECTIONS[slug]

  it('answers only the id as written; every other spelling is a 404 that changes nothing', async () => {
    const id = ids.get(slug)!
    const before = await rowOf(slug)
    expect(before).toHaveLength(1)
    const log = logFromNow()
    if (!keyed) expect((await asStaff('GET', `/${slug}/${id}`)).status).toBe(read)
    for (const spelling of misspelt(id)) {
      const methods = keyed ? ['PATCH'] : ['GET', 'PATCH', 'DELETE']
      for (const method of methods) {
        const res = await asStaff(method, `/${slug}/${spelling}`, {
          headers: { 'content-type': 'application/json' },
          body: method === 'PATCH' ? '{}' : undefined,
        })
        expect(res.status, `${method} ${spelling}`).toBe(404)
        expect(await res.json()).toBeTruthy()
      }
    }
    // No collection keeps versions (a preference's GET /versions is the preference named so).
    for (const path of keyed ? [`versions/${id}`] : ['versions', `versions/${id}`]) {
      expect((await asStaff('GET', `/${slug}/${path}`)).status, path).toBe(404)
    }
    expect(await rowOf(slug)).toEqual(before)
    expect(log.errors()).toEqual([])
  })

  it('refuses an id a query compares with that is not one: reads, bulk writes, GET as POST', async () => {
    const id = ids.get(slug)!
    const before = await rowOf(slug)
    const log = logFromNow()
    const refused = slug === 'payload-migrations' ? 404 : 400
    for (const spelling of misspelt(id).slice(0, 8)) {
      for (const operator of ['equals', 'in', 'not_in', 'greater_than']) {
        const query = `where[id][${operator}]=${spelling}`
        expect((await asStaff('GET', `/${slug}?${query}`)).status, query).toBe(refused)
      }
      const where = `where[id][in]=${spelling}`
      expect((await asStaff('DELETE', `/${slug}?${where}`)).status, where).toBe(refused)
      const patch = await asStaff('PATCH', `/${slug}?${where}`, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(patch.status, `PATCH ${where}`).toBe(refused)
      const post = await asStaff('POST', `/${slug}`, {
        headers: {
          'x-payload-http-method-override': 'GET',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `where[or][0][id][in]=${spelling}`,
      })
      expect(post.status, `POST as GET ${spelling}`).toBe(refused)
    }
    expect(await rowOf(slug)).toEqual(before)
    expect(log.errors()).toEqual([])
  })

  it.runIf(COLLECTIONS[slug].graphQL)('takes only whole ids in GraphQL', async () => {
    const id = ids.get(slug)!
    const before = await rowOf(slug)
    const name = COLLECTIONS[slug].graphQL!
    const graphql = async (query: string) =>
      await asStaff('POST', '/graphql', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    if (read === 200) {
      const found = (await (await graphql(`{ ${name}(id: ${id}) { id } }`)).json()) as {
        data: Record<string, { id: number }>
      }
      expect(found.data[name]?.id).toBe(id)
    }
    for (const literal of [`"${id}abc"`, `"${id}"`, `${id}.0`, '2147483648', '-1', '0']) {
      for (const query of [
        `{ ${name}(id: ${literal}) { id } }`,
        `mutation { delete${name}(id: ${literal}) { id } }`,
      ]) {
        const res = await graphql(query)
        const body = (await res.json()) as {
          data?: Record<string, unknown> | null
          errors?: { extensions?: { statusCode?: number } }[]
        }
        expect(res.status, query).toBeLessThan(500)
        expect(body.errors?.length, query).toBeGreaterThan(0)
        expect(Object.values(body.data ?? {}).filter(Boolean), query).toEqual([])
        for (const error of body.errors ?? []) {
          expect(error.extensions?.statusCode ?? 400, query).toBeLessThan(500)
        }
      }
    }
    expect(await rowOf(slug)).toEqual(before)
  })
})
