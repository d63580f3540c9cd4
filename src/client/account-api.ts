import type { AccountDTO } from '@/modules/accounts/schemas'
import { forgetKeptPrices } from './offline/register'

/** A trade buyer's calls: the sign-in itself is an httpOnly cookie these never see. */

type Answer = { ok: true; account: AccountDTO } | { ok: false; error: string }

async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const answer = (await res.json().catch(() => ({}))) as { account?: AccountDTO; error?: string }
  if (res.ok && answer.account) {
    await forgetKeptPrices().catch(() => undefined)
    return { ok: true, account: answer.account }
  }
  if (res.status === 401) return { ok: false, error: 'The phone number or password is not right.' }
  return { ok: false, error: answer.error ?? 'Something went wrong. Please try again.' }
}

export function setPassword(token: string, password: string): Promise<Answer> {
  return post('/api/account/password', { token, password })
}

export function signIn(phone: string, password: string): Promise<Answer> {
  return post('/api/account/sign-in', { phone, password })
}

export async function signOut(): Promise<void> {
  await fetch('/api/account/sign-out', { method: 'POST', credentials: 'same-origin' })
  await forgetKeptPrices().catch(() => undefined)
}

/** The signed-in buyer's account, or null for a guest. */
export async function currentAccount(): Promise<AccountDTO | null> {
  const res = await fetch('/api/account', { cache: 'no-store', credentials: 'same-origin' })
  if (!res.ok) return null
  return ((await res.json()) as { account: AccountDTO }).account
}
