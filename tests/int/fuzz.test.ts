import http from 'node:http'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { adminToken, baseURL, sql } from '../helpers/api'
import { newClient } from '../helpers/admin'
import { CMS_COLLECTIONS } from '../helpers/cms-collections'
import { staffToken } from '../helpers/staff'

/**
 * Generated hostile requests against every public and owner route and Payload's REST API: none
 * may answer 5xx, and none may change an order or a product's stock.
 */

const INFINITY = '__kc_infinity__'
const NESTED = '__kc_nested__'
const VERY_NESTED = '__kc_very_nested__'
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '=cmd|calc',
    'x'.repeat(70_000),
    'soweto',
    'ELE-001',
    'KC-ABCDEF',
    'cash',
    'abc',
    '1.5',
    '999999999999999999999',
    '-1',
    'a,b',
    '1,2',
    '{'.repeat(3000),
    '2abc',
    '1 OR 1=1',
    '01',
    '1.0',
    '1e0',
    '0x1',
    ' 1',
    '2147483648',
    'hasOwnProperty',
    'toString',
    'versions',
    'null',
  ),
)
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(INFINITY, -1, 0, 0.001, 1e21, 2 ** 53 + 1, -0, 99999999999, 2147483648),
)
const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'sku',
  'name',
  'category',
  'price',
  'specialPrice',
  'inStock',
  'imageURL',
  'customer',
  'phone',
  'area',
  'payment',
  'items',
  'quantity',
  'areas',
  'fee',
  'csvData',
  'dryRun',
  'email',
  'password',
  'where',
  'limit',
  'priceListId',
  'query',
]
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false, NESTED, VERY_NESTED),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
}))

/** A GraphQL where: fields and operators the collection has and has not, nulls, nesting. */
const OPERATORS = [
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'like',
  'contains',
  'near',
]
const { where: hostileWhere } = fc.letrec((tie) => ({
  where: fc.dictionary(
    fc.constantFrom('fee', 'name', 'slug', 'id', 'createdAt', 'minOrderValue', 'AND', 'OR', 'x'),
    fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.dictionary(fc.constantFrom(...OPERATORS), hostileValue, { maxKeys: 2 }),
      fc.array(fc.oneof(fc.constant(null), tie('where')), { maxLength: 2 }),
    ),
    { maxKeys: 3 },
  ),
}))

/** JSON text with the two things JSON.stringify cannot write: 1e309 and very deep nesting. */
function bodyText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (Number.isNaN(v) ? INFINITY : v))
    .replaceAll(`"${INFINITY}"`, '1e309')
    .replaceAll(`"${NESTED}"`, deep(65))
    .replaceAll(`"${VERY_NESTED}"`, deep(8000))
}

function segment(text: string): string {
  try {
    return encodeURIComponent(text.slice(0, 300))
  } catch {
    return '%ED%A0%80'
  }
}

type Route = {
  method: string
  path: (s: string) => string
  owner?: boolean
  /** A /cms route, sent with a staff member's login when the key drawn is the real one. */
  staff?: boolean
  body?: boolean
  /** Sent with the hostile text as a buyer's sign-in cookie too. */
  buyer?: boolean
  /**
   * A body that is no document, whoever sends it: JSON that is not an object, text, or a form
   * without `_payload`. It must be refused whole, so it may go as a staff member's unpoisoned.
   */
  shape?: 'not-an-object' | 'text' | 'form'
  /** The body made of the value drawn, without the NUL: only where it cannot change anything. */
  make?: (value: unknown) => unknown
  /** A GraphQL query taking the where drawn as `$w`: no 5xx inside its 200 either. */
  graphql?: string
}

/** With the real key a DELETE of a listed sku is the owner's own action: fuzz it unkeyed. */
const keyFor = (route: Route, key: string) =>
  route.method === 'DELETE' && key === 'owner' ? 'wrong' : key
const ROUTES: Route[] = [
  { method: 'GET', path: (s) => `/api/products?q=${s}&category=${s}&limit=${s}&offset=${s}` },
  { method: 'GET', path: () => '/api/delivery-areas' },
  { method: 'GET', path: () => '/api/health' },
  { method: 'POST', path: () => '/api/orders', body: true },
  {
    method: 'GET',
    path: (s) => `/api/admin/orders?payment=${s}&startDate=${s}&endDate=${s}`,
    owner: true,
  },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/invoice`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/personal-data?phone=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/credit-note`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/credit-note?number=${s}`, owner: true },
  { method: 'POST', path: (s) => `/api/admin/orders/${s}/short-delivery`, owner: true, body: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/payment-proofs`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/payment-proofs/${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/orders/${s}/payment-proofs`, buyer: true },
  { method: 'POST', path: (s) => `/api/orders/${s}/payment-proofs`, body: true, buyer: true },
  { method: 'GET', path: (s) => `/api/admin/products/${s}`, owner: true },
  { method: 'GET', path: () => '/api/admin/products/export', owner: true },
  {
    method: 'GET',
    path: (s) => `/api/admin/reports/revenue?from=${s}&to=${s}&by=${s}&format=${s}`,
    owner: true,
  },
  {
    method: 'GET',
    path: (s) => `/api/admin/reports/sales?from=${s}&to=2026-01-01&by=${s}&rank=${s}&limit=${s}`,
    owner: true,
  },
  {
    method: 'GET',
    path: (s) => `/api/admin/reports/stock?cover=${s}&list=${s}&limit=${s}`,
    owner: true,
  },
  { method: 'POST', path: () => '/api/admin/products', owner: true, body: true },
  { method: 'PUT', path: (s) => `/api/products/${s}`, owner: true, body: true },
  { method: 'DELETE', path: (s) => `/api/products/${s}`, owner: true },
  { method: 'POST', path: () => '/api/admin/products/import', owner: true, body: true },
  { method: 'POST', path: () => '/api/admin/delivery-areas', owner: true, body: true },
  { method: 'PUT', path: () => '/api/admin/delivery-areas', owner: true, body: true },
  { method: 'GET', path: (s) => `/api/admin/deliveries?date=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/deliveries/${s}/${s}/picking-list`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/deliveries/${s}/${s}/delivery-notes`, owner: true },
  { method: 'PUT', path: (s) => `/api/admin/deliveries/${s}/${s}/stops`, owner: true, body: true },
  { method: 'GET', path: (s) => `/cms/api/products?limit=${s}&page=${s}&where[name][like]=${s}` },
  { method: 'GET', path: (s) => `/cms/api/products/${s}?depth=${s}`, staff: true },
  { method: 'GET', path: (s) => `/cms/api/delivery-areas/${s}`, staff: true },
  { method: 'GET', path: (s) => `/cms/api/orders?where[orderId][equals]=${s}`, staff: true },
  { method: 'GET', path: (s) => `/cms/api/products?where[id][in]=${s}`, staff: true },
  { method: 'GET', path: (s) => `/cms/api/products?where[sku][near]=${s}` },
  { method: 'GET', path: (s) => `/cms/api/products?where[category][equals]=${s}` },
  { method: 'GET', path: (s) => `/cms/api/products?where[image][equals]=${s}&depth=1` },
  { method: 'GET', path: (s) => `/cms/api/products?where[${s}][equals]=1&sort=${s}` },
  { method: 'GET', path: (s) => `/cms/api/products?where[createdAt][greater_than]=${s}` },
  { method: 'GET', path: (s) => `/cms/api/media/file/${s}` },
  { method: 'GET', path: (s) => `/cms/api/payload-migrations/${s}`, staff: true },
  { method: 'GET', path: () => '/cms/api/globals/shop-settings' },
  { method: 'POST', path: () => '/cms/api/users/login', body: true },
  { method: 'POST', path: (s) => `/cms/api/users/verify/${s}`, body: true },
  { method: 'POST', path: () => '/cms/api/users/forgot-password', body: true },
  { method: 'POST', path: () => '/cms/api/users/first-register', body: true },
  { method: 'POST', path: () => '/cms/api/products', body: true, staff: true },
  { method: 'PATCH', path: (s) => `/cms/api/products/${s}`, body: true, staff: true },
  { method: 'PATCH', path: (s) => `/cms/api/delivery-areas/${s}`, body: true, staff: true },
  { method: 'POST', path: () => '/cms/api/globals/shop-settings', body: true, staff: true },
  { method: 'DELETE', path: (s) => `/cms/api/delivery-areas/${s}` },
  // Staff deletes only of ids that cannot be a real one: a real delete is a real change.
  { method: 'DELETE', path: (s) => `/cms/api/media/x${s}`, staff: true },
  { method: 'DELETE', path: (s) => `/cms/api/products/x${s}`, staff: true },
  { method: 'POST', path: () => '/cms/api/graphql', body: true, staff: true },
  { method: 'PATCH', path: (s) => `/api/admin/orders/${s}`, owner: true, body: true },
  { method: 'GET', path: () => '/api/account' },
  { method: 'POST', path: () => '/api/account/sign-in', body: true },
  { method: 'POST', path: () => '/api/account/password', body: true },
  { method: 'POST', path: () => '/api/account/sign-out' },
  { method: 'GET', path: () => '/api/admin/accounts', owner: true },
  { method: 'POST', path: () => '/api/admin/accounts', owner: true, body: true },
  { method: 'POST', path: (s) => `/api/admin/accounts/${s}/setup-link`, owner: true },
  { method: 'GET', path: (s) => `/cms/api/trade-accounts/${s}`, staff: true },
  { method: 'PATCH', path: (s) => `/api/admin/accounts/${s}`, owner: true, body: true },
  { method: 'GET', path: () => '/api/admin/price-lists', owner: true },
  { method: 'POST', path: () => '/api/admin/price-lists', owner: true, body: true },
  { method: 'GET', path: () => '/api/admin/payfast', owner: true },
  { method: 'PUT', path: () => '/api/admin/payfast', owner: true, body: true },
  { method: 'POST', path: () => '/api/payfast/itn', body: true },
  { method: 'GET', path: (s) => `/payfast/pay?order=${s}&key=${s}` },
  { method: 'GET', path: (s) => `/payfast/return?order=${s}&key=${s}` },
  { method: 'GET', path: (s) => `/payfast/cancel?order=${s}&key=${s}` },
  { method: 'GET', path: (s) => `/api/admin/price-lists/${s}`, owner: true },
  { method: 'PATCH', path: (s) => `/api/admin/price-lists/${s}`, owner: true, body: true },
  { method: 'GET', path: (s) => `/api/admin/price-lists/${s}/prices`, owner: true },
  { method: 'POST', path: (s) => `/api/admin/price-lists/${s}/prices`, owner: true, body: true },
  { method: 'GET', path: (s) => `/cms/api/price-lists/${s}`, staff: true },
  // Never a real line id as written: a real confirm, ignore or undo is a real change.
  { method: 'POST', path: () => '/api/admin/bank-statements', owner: true, body: true },
  { method: 'GET', path: (s) => `/api/admin/bank-statements/lines?status=${s}`, owner: true },
  {
    method: 'POST',
    path: (s) => `/api/admin/bank-statements/lines/${s}x/confirm`,
    owner: true,
    body: true,
  },
  { method: 'POST', path: (s) => `/api/admin/bank-statements/lines/${s}x/ignore`, owner: true },
  { method: 'POST', path: (s) => `/api/admin/bank-statements/lines/${s}x/undo`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/orders/${s}/money-received`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/vat?period=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/vat?period=2026-11&format=${s}`, owner: true },
  { method: 'PUT', path: () => '/api/admin/vat/settings', owner: true, body: true },
  { method: 'GET', path: (s) => `/api/admin/exports/xero?from=${s}&to=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/exports/sage?from=2026-11-01&to=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/audit?q=${s}&entity=${s}&before=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/admin/audit?from=${s}&limit=${s}&way=${s}`, owner: true },
  { method: 'GET', path: (s) => `/api/products?q=${s}`, buyer: true },
  ...CMS_COLLECTIONS.flatMap((slug): Route[] => [
    { method: 'GET', path: (s) => `/cms/api/${slug}/${s}`, staff: true },
    { method: 'PATCH', path: (s) => `/cms/api/${slug}/${s}`, staff: true, body: true },
    // Never a real id as written; `1x` was id 1 to Payload.
    { method: 'DELETE', path: (s) => `/cms/api/${slug}/${s}x`, staff: true },
    { method: 'GET', path: (s) => `/cms/api/${slug}/versions/${s}`, staff: true },
    { method: 'GET', path: (s) => `/cms/api/${slug}?where[id][in]=${s}`, staff: true },
    { method: 'DELETE', path: (s) => `/cms/api/${slug}?where[id][equals]=${s}x`, staff: true },
  ]),
  { method: 'GET', path: (s) => `/cms/api/${s}`, staff: true },
  { method: 'POST', path: (s) => `/cms/api/${s}/${s}`, staff: true, body: true },
  { method: 'GET', path: (s) => `/cms/api/globals/${s}/versions`, staff: true },
  ...['greater_than', 'in', 'not_in', 'contains', 'like', 'all'].flatMap((op): Route[] => [
    {
      method: 'GET',
      path: (s) => `/cms/api/products?where[priceBreaks.from][${op}]=${s}`,
      staff: true,
    },
    { method: 'GET', path: (s) => `/cms/api/orders?where[createdAt][${op}]=${s}`, staff: true },
    {
      method: 'GET',
      path: (s) => `/cms/api/trade-accounts?where[priceList][${op}]=${s}`,
      staff: true,
    },
  ]),
  { method: 'GET', path: (s) => `/cms/api/delivery-areas?where[${s}][${s}]=${s}`, staff: true },
  ...['/cms/api/products', '/cms/api/trade-accounts', '/cms/api/globals/shop-settings'].flatMap(
    (path): Route[] =>
      (['not-an-object', 'text', 'form'] as const).map((shape) => ({
        method: 'POST',
        path: () => path,
        staff: true,
        body: true,
        shape,
      })),
  ),
  {
    method: 'POST',
    path: () => '/cms/api/graphql',
    staff: true,
    body: true,
    shape: 'not-an-object',
  },
  {
    method: 'PATCH',
    path: (s) => `/cms/api/products/${s}`,
    staff: true,
    body: true,
    shape: 'not-an-object',
  },
  {
    method: 'PATCH',
    path: () => '/api/admin/accounts/2147483600',
    owner: true,
    body: true,
    make: (value) => ({ priceListId: value }),
  },
  {
    method: 'POST',
    path: () => '/cms/api/graphql',
    staff: true,
    body: true,
    graphql: 'query($w: DeliveryArea_where) { DeliveryAreas(where: $w) { totalDocs } }',
  },
  {
    method: 'POST',
    path: () => '/cms/api/graphql',
    staff: true,
    body: true,
    graphql: 'query($w: TradeAccount_where) { TradeAccounts(where: $w) { totalDocs } }',
  },
]

type GraphqlAnswer = { errors?: { message: string; extensions?: { statusCode?: number } }[] }

/** What was drawn, as a body that is no JSON object. */
const notAnObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  param: hostileString,
  body: hostileValue,
  where: hostileWhere,
  key: fc.constantFrom('none', 'wrong', 'owner'),
  poison: fc.constantFrom(...KEYS),
})

async function state() {
  const [orders] = await sql<{ n: string }>('SELECT count(*) AS n FROM orders')
  const [stock] = await sql<{ digest: string }>(
    `SELECT md5(string_agg(sku || ':' || in_stock, ',' ORDER BY sku)) AS digest FROM products`,
  )
  return { orders: orders!.n, stock: stock!.digest }
}

describe('fuzzing every route with hostile requests', () => {
  it('answers odd methods with a 405, not a 500', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK']) {
      for (const path of ['/api/orders', '/', '/cms/api/products', '/admin']) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request(`${baseURL()}${path}`, { method }, (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          })
          req.on('error', reject)
          req.end()
        })
        expect(status, `${method} ${path}`).toBe(405)
      }
    }
  })

  it('answers 2,000 of them without a 5xx and changes no order or stock', async () => {
    const before = await state()
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async ({ route, param, body, where, key, poison }) => {
        const headers: Record<string, string> = { 'x-forwarded-for': newClient() }
        const sentKey = keyFor(route, key)
        if (route.owner && sentKey !== 'none') {
          headers['x-admin-key'] =
            sentKey === 'owner' ? adminToken() : 'wrong-key-0123456789abcdefgh'
        }
        const asStaff = route.staff && key === 'owner'
        if (asStaff) headers.authorization = `JWT ${await staffToken()}`
        else if (route.staff && key === 'wrong') headers.authorization = 'JWT not.a.token'
        if (route.buyer) headers.cookie = `kc_buyer=${segment(param)}`
        let text: BodyInit | undefined
        if (route.body) {
          headers['content-type'] = 'application/json'
          // An owner's or staff member's write with a real key always carries a NUL: it must be
          // refused whole.
          const sent = route.graphql
            ? { query: route.graphql, variables: { w: where } }
            : route.make
              ? route.make(body)
              : route.shape === 'not-an-object'
                ? notAnObject(body)
                : (route.owner && key === 'owner') || asStaff
                  ? { ...(typeof body === 'object' && body ? body : {}), [poison]: 'bad\u0000' }
                  : body
          text = bodyText(sent)
          if (route.shape === 'text') {
            headers['content-type'] = 'text/plain'
            text = param
          } else if (route.shape === 'form') {
            delete headers['content-type']
            text = new FormData()
            text.set(poison, param)
          }
        }
        const res = await fetch(`${baseURL()}${route.path(segment(param))}`, {
          method: route.method,
          headers,
          body: text,
          redirect: 'manual',
        })
        const answer = await res.text()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        const sent = `${route.method} ${route.path(segment(param))} ${String(text).slice(0, 300)}`
        expect(res.status, sent).toBeLessThan(500)
        if (route.graphql && res.status === 200) {
          const { errors = [] } = JSON.parse(answer) as GraphqlAnswer
          for (const error of errors) {
            expect(error.extensions?.statusCode ?? 400, `${sent} ${error.message}`).toBeLessThan(
              500,
            )
          }
        }
      }),
      { numRuns: 2000, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    )
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries(statuses))}`)
    expect(await state()).toEqual(before)
  }, 300_000)

  it('answers a hostile Host header without a 5xx', async () => {
    const paths = ['/', '/cms', '/cms/api/products', '/api/products', '/admin', '/p/x']
    await fc.assert(
      fc.asyncProperty(hostileString, fc.constantFrom(...paths), async (host, path) => {
        const status = await new Promise<number | undefined>((resolve, reject) => {
          let req: http.ClientRequest
          try {
            req = http.request(`${baseURL()}${path}`, { headers: { host: host.slice(0, 200) } })
          } catch {
            return resolve(undefined) // not a header value Node sends
          }
          req.on('response', (res) => (res.resume(), resolve(res.statusCode)))
          req.on('error', reject)
          req.end()
        })
        if (status !== undefined)
          expect(status, `${path} Host: ${JSON.stringify(host)}`).toBeLessThan(500)
      }),
      { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    )
  }, 120_000)
})
