import { randomInt } from 'node:crypto'

import { adminToken, baseURL } from './api'

/** A made-up client address, so each test has its own failed-attempt budget. */
export function newClient(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
}

const defaultClient = newClient()

export async function admin(
  method: string,
  pathname: string,
  body?: unknown,
  options: { key?: string | null; client?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const key = options.key === undefined ? adminToken() : options.key
  const headers: Record<string, string> = {
    'x-forwarded-for': options.client ?? defaultClient,
    ...options.headers,
  }
  if (key !== null) headers['x-admin-key'] = key
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] ??= 'application/json'
    payload = typeof body === 'string' ? body : JSON.stringify(body)
  }
  return fetch(`${baseURL()}${pathname}`, { method, headers, body: payload })
}
