import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  ADMIN_AUTH_REQUIRED_EVENT,
  AdminApiError,
  isUnauthorized,
  ordersQuery,
  serverMessage,
  updateProduct,
} from './admin-api'

/** The browser's fetch answering `response` once, and what it was asked. */
function answer(response: Response) {
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => response)
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AdminApiError)
  return error as AdminApiError
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the owner’s API client', () => {
  it('refuses with the status, the JSON body’s error and its other fields', async () => {
    const body = { error: 'Stock changed to 3 meanwhile', field: 'inStock', inStock: 3 }
    answer(Response.json(body, { status: 409 }))
    const error = await refusal(updateProduct('A-1', { inStock: 5 }))
    expect(error.status).toBe(409)
    expect(error.message).toBe(`409: ${JSON.stringify(body)}`)
    expect(error.body).toEqual(body)
    expect(serverMessage(error)).toBe('Stock changed to 3 meanwhile')
    expect(isUnauthorized(error)).toBe(false)
  })

  it('says the body’s text, or the status text, when the server sent no JSON error', async () => {
    answer(new Response('Bad gateway', { status: 502 }))
    expect(serverMessage(await refusal(updateProduct('A-1', {})))).toBe('Bad gateway')
    answer(new Response('', { status: 503, statusText: 'Service Unavailable' }))
    const error = await refusal(updateProduct('A-1', {}))
    expect(error.message).toBe('503: Service Unavailable')
    expect(error.body).toEqual({})
  })

  it('raises the session-expired event on a 401 and fails with "Unauthorized"', async () => {
    const events = new EventTarget()
    const heard = vi.fn()
    events.addEventListener(ADMIN_AUTH_REQUIRED_EVENT, heard)
    vi.stubGlobal('window', events)
    answer(Response.json({ error: 'No key' }, { status: 401 }))
    const error = await refusal(updateProduct('A-1', {}))
    expect(error.message).toBe('Unauthorized')
    expect(isUnauthorized(error)).toBe(true)
    expect(heard).toHaveBeenCalledOnce()
  })

  it('sends the stored key, JSON and no caching; a page carries the total count', async () => {
    const storage = new Map([['ADMIN_KEY', 'owner-key']])
    vi.stubGlobal('window', { localStorage: { getItem: (k: string) => storage.get(k) ?? null } })
    const fetch = answer(
      Response.json([{ orderId: 'KC-1' }], { headers: { 'x-total-count': '51' } }),
    )
    const page = await ordersQuery(new URLSearchParams({ limit: '50' })).load()
    expect(page).toEqual({ rows: [{ orderId: 'KC-1' }], total: 51 })
    const [path, init] = fetch.mock.calls[0]!
    expect(path).toBe('/api/admin/orders?limit=50')
    const headers = new Headers(init.headers)
    expect(headers.get('x-admin-key')).toBe('owner-key')
    expect(headers.get('cache-control')).toBe('no-cache')
    expect(init.cache).toBe('no-store')

    answer(new Response(null, { status: 204 }))
    await updateProduct('A 1', { name: 'Tub' })
    const [sent, put] = vi.mocked(globalThis.fetch).mock.calls[0]!
    expect(sent).toBe('/api/products/A%201')
    expect(put?.method).toBe('PUT')
    expect(new Headers(put?.headers).get('content-type')).toBe('application/json')
    expect(put?.body).toBe('{"name":"Tub"}')
  })
})
