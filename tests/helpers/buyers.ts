import { randomBytes, randomInt } from 'node:crypto'

import { expect } from 'vitest'

import { admin } from './admin'
import { postJson } from './api'

/** A new trade account on `priceListId` (null: the shop's own prices), signed in: its cookie. */
export async function signedInBuyer(
  priceListId: number | null,
): Promise<{ id: number; cookie: string }> {
  const made = await admin('POST', '/api/admin/accounts', {
    businessName: `Buyer ${randomBytes(2).toString('hex')}`,
    contactName: 'Lerato',
    phone: `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    ...(priceListId === null ? {} : { priceListId }),
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const link = (await (await admin('POST', `/api/admin/accounts/${id}/setup-link`)).json()) as {
    link: string
  }
  const token = new URL(link.link).searchParams.get('token')!
  const set = await postJson('/api/account/password', { token, password: 'spaza-stock-2026' })
  expect(set.status).toBe(200)
  return { id, cookie: set.headers.get('set-cookie')!.split(';')[0]! }
}
