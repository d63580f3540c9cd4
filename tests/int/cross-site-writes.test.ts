import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { baseURL, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { solidImage } from '../helpers/factories'
import { STAFF } from '../helpers/first-staff'
import { cms, staffToken } from '../helpers/staff'

/*
 * Every write a cookie authorises, or that sets one, refuses a call another site's page made
 * (403, "…own pages…") and takes its body only as JSON (415), which another site's form cannot
 * send: the buyer's account calls, /cms/setup, and every /cms/api write with the staff cookie,
 * where the panel's multipart saves and uploads are taken only when the browser says the shop's
 * own page sent them. Scripts, which send no Sec-Fetch-Site or Origin and log in with a header,
 * keep the documented calls. Orders: cross-site-orders.test.ts.
 */

type Headers = Record<string, string>
const FOREIGN: Headers[] = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'https://evil.example' },
]
const send = (method: string, path: string, headers: Headers, body?: BodyInit) =>
  fetch(`${baseURL()}${path}`, { method, headers, body, redirect: 'manual' })
const errorOf = async (res: Response) => JSON.stringify(await res.json())

/** Another site's form: the three types a form posts without asking the shop first. */
function forms(fields: Record<string, string>): [string, () => BodyInit][] {
  return [
    ['text/plain', () => JSON.stringify(fields)],
    ['application/x-www-form-urlencoded', () => new URLSearchParams(fields)],
    [
      'multipart/form-data',
      () => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields)) form.set(name, value)
        return form
      },
    ],
  ]
}

describe("a buyer's account calls", () => {
  const calls = [
    ['/api/account/sign-in', { phone: '082 555 0101', password: 'not-the-password' }],
    ['/api/account/password', { token: 'not-a-token', password: 'a-new-password' }],
    ['/api/account/sign-out', {}],
  ] as const

  it("are refused from another site's page, and as anything but JSON, and sign no one in", async () => {
    const { cookie } = await signedInBuyer(null)
    for (const [path, body] of calls) {
      for (const headers of FOREIGN) {
        const json = { 'content-type': 'application/json', cookie, ...headers }
        const res = await send('POST', path, json, JSON.stringify(body))
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(await errorOf(res)).toMatch(/own pages/)
        expect(res.headers.get('set-cookie')).toBeNull()
      }
      for (const [type, make] of forms(body)) {
        // FormData brings its own type, with the boundary.
        const headers: Headers = type.startsWith('multipart') ? {} : { 'content-type': type }
        const res = await send('POST', path, { ...headers, cookie }, make())
        expect(res.status, `${path} ${type}`).toBe(415)
        expect(await errorOf(res)).toMatch(/JSON/)
        expect(res.headers.get('set-cookie')).toBeNull()
      }
    }
    // Still signed in: no sign-out got through.
    expect((await send('GET', '/api/account', { cookie })).status).toBe(200)
  })

  it('keep the documented calls: JSON from the shop’s pages or a script, a sign-out with no body', async () => {
    const { cookie } = await signedInBuyer(null)
    const [signIn] = calls
    for (const headers of [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { origin: baseURL() },
    ] as Headers[]) {
      const res = await send(
        'POST',
        signIn[0],
        { 'content-type': 'application/json; charset=utf-8', ...headers },
        JSON.stringify(signIn[1]),
      )
      expect(res.status, JSON.stringify(headers)).toBe(401)
    }
    const out = await send('POST', '/api/account/sign-out', {
      cookie,
      'sec-fetch-site': 'same-origin',
    })
    expect(out.status).toBe(204)
    expect((await send('GET', '/api/account', { cookie })).status).toBe(401)
  })
})

describe('/cms/api writes', () => {
  const areaName = () => `Cross ${randomBytes(4).toString('hex')}`
  const areaCount = async (name: string) =>
    (await sql('SELECT 1 FROM delivery_areas WHERE name = $1', [name])).length
  const staffCookie = async () => `payload-token=${await staffToken()}`
  const asForm = (document: unknown, file?: { bytes: Buffer; name: string }) => {
    const form = new FormData()
    form.set('_payload', JSON.stringify(document))
    if (file)
      form.set('file', new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name)
    return form
  }

  it("with the staff cookie are refused from another site's page, for every method and GraphQL", async () => {
    const cookie = await staffCookie()
    const made = await cms('POST', '/delivery-areas', { name: areaName(), fee: 1 })
    expect(made.status).toBe(201)
    const { doc: area } = (await made.json()) as { doc: { id: number } }
    const json = { 'content-type': 'application/json', cookie }
    for (const headers of FOREIGN) {
      const name = areaName()
      const writes: [string, string, BodyInit | undefined, Headers][] = [
        ['POST', '/cms/api/delivery-areas', JSON.stringify({ name, fee: 1 }), json],
        ['PATCH', `/cms/api/delivery-areas/${area!.id}`, JSON.stringify({ name }), json],
        ['DELETE', `/cms/api/delivery-areas/${area!.id}`, undefined, { cookie }],
        ['POST', '/cms/api/delivery-areas', asForm({ name, fee: 1 }), { cookie }],
        [
          'POST',
          '/cms/api/graphql',
          JSON.stringify({
            query: `mutation { createDeliveryArea(data: {name: "${name}", fee: 1}) { id } }`,
          }),
          json,
        ],
        ['POST', '/cms/api/users/logout', undefined, { cookie }],
      ]
      for (const [method, path, body, base] of writes) {
        const res = await send(method, path, { ...base, ...headers }, body)
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(await errorOf(res)).toMatch(/own pages/)
      }
      expect(await areaCount(name)).toBe(0)
    }
    expect(await sql('SELECT 1 FROM delivery_areas WHERE id = $1', [area!.id])).toHaveLength(1)
  })

  it('with the staff cookie take a form only when the browser says the shop’s own page sent it', async () => {
    const cookie = await staffCookie()
    // A browser that says nothing of where it comes from (or a form elsewhere in one that old).
    const blind = areaName()
    const refused = await send(
      'POST',
      '/cms/api/delivery-areas',
      { cookie },
      asForm({ name: blind, fee: 1 }),
    )
    expect(refused.status).toBe(415)
    expect(await errorOf(refused)).toMatch(/multipart\/form-data from the shop’s own \/cms pages/)
    const search = await send(
      'POST',
      '/cms/api/delivery-areas',
      {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'x-payload-http-method-override': 'GET',
      },
      'limit=1',
    )
    expect(search.status).toBe(415)
    expect(await areaCount(blind)).toBe(0)

    // The panel, as Chromium sends its saves, uploads and long searches.
    for (const own of [{ 'sec-fetch-site': 'same-origin' }, { origin: baseURL() }] as Headers[]) {
      const name = areaName()
      const saved = await send(
        'POST',
        '/cms/api/delivery-areas',
        { cookie, ...own },
        asForm({ name, fee: 1 }),
      )
      expect(saved.status, JSON.stringify(own)).toBe(201)
      expect(await areaCount(name)).toBe(1)
      const read = await send(
        'POST',
        '/cms/api/delivery-areas',
        {
          cookie,
          ...own,
          'content-type': 'application/x-www-form-urlencoded',
          'x-payload-http-method-override': 'GET',
        },
        `where[name][equals]=${encodeURIComponent(name)}`,
      )
      expect(read.status).toBe(200)
      expect(((await read.json()) as { totalDocs: number }).totalDocs).toBe(1)
    }
    const photo = await send(
      'POST',
      '/cms/api/media',
      { cookie, 'sec-fetch-site': 'same-origin' },
      asForm({ alt: 'A photo' }, { bytes: await solidImage(40, 30), name: 'cross.png' }),
    )
    expect(photo.status).toBe(201)
    const graphql = await send(
      'POST',
      '/cms/api/graphql',
      { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ query: '{ DeliveryAreas(limit: 1) { totalDocs } }' }),
    )
    expect(graphql.status).toBe(200)
  })

  it('without a cookie: a script’s staff login keeps every body type; a foreign page cannot log in', async () => {
    const jwt = { authorization: `JWT ${await staffToken()}` }
    const name = areaName()
    const upload = await send('POST', '/cms/api/delivery-areas', jwt, asForm({ name, fee: 1 }))
    expect(upload.status).toBe(201)
    expect(await areaCount(name)).toBe(1)
    for (const headers of FOREIGN) {
      const login = await send(
        'POST',
        '/cms/api/users/login',
        { 'content-type': 'application/json', ...headers },
        JSON.stringify(STAFF),
      )
      expect(login.status, JSON.stringify(headers)).toBe(403)
      expect(login.headers.get('set-cookie')).toBeNull()
    }
  })
})

describe('/cms/setup', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  // Last: it needs a shop with no staff yet; the next file's staff login makes the account again.
  it("refuses the owner token from another site's page, and gives no pass", async () => {
    await sql('DELETE FROM users')
    for (const headers of FOREIGN) {
      const res = await send('POST', '/cms/setup', { ...form, ...headers }, 'token=not-it')
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(await errorOf(res)).toMatch(/own \/cms\/setup page/)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    // Its own form, as a browser sends it.
    const own = await send(
      'POST',
      '/cms/setup',
      { ...form, 'sec-fetch-site': 'same-origin', origin: baseURL() },
      'token=not-it',
    )
    expect(own.status).toBe(401)
  })
})
