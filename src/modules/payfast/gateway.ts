import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

import { env } from '@/env'
import { clientAddress } from '@/platform/http/client-address'

/** PayFast's own addresses (docs/payments.md): live, and the sandbox for trying it out. */
export const PAYFAST_LIVE = 'https://www.payfast.co.za'
export const PAYFAST_SANDBOX = 'https://sandbox.payfast.co.za'

/** Where buyers are sent and the validation call goes: PAYFAST_BASE_URL when set. */
export function payfastBase(sandbox: boolean): string {
  return env().PAYFAST_BASE_URL ?? (sandbox ? PAYFAST_SANDBOX : PAYFAST_LIVE)
}

export const processUrl = (sandbox: boolean) => `${payfastBase(sandbox)}/eng/process`
export const validateUrl = (sandbox: boolean) => `${payfastBase(sandbox)}/eng/query/validate`

const VALIDATE_TIMEOUT_MS = 10_000
const MAX_VALIDATE_ANSWER = 1_000

/**
 * PayFast's validation call: the ITN's parameter string posted back to `/eng/query/validate`,
 * which answers `VALID` or `INVALID`. Anything but VALID (an error, a timeout, another word) is
 * not valid: PayFast sends the ITN again later.
 */
export async function confirmedByPayfast(sandbox: boolean, params: string): Promise<boolean> {
  try {
    const response = await fetch(validateUrl(sandbox), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: params,
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
      redirect: 'error',
    })
    if (!response.ok) return false
    const text = (await response.text()).slice(0, MAX_VALIDATE_ANSWER)
    return text.trim() === 'VALID'
  } catch {
    return false
  }
}

const RESOLVED_FOR_MS = 60_000
let resolved: { at: number; hosts: string; addresses: Set<string> } | undefined

/**
 * Whether an ITN's sender is one of PayFast's hosts (PAYFAST_VALID_HOSTS, PayFast's documented
 * list by default; `address` as clientOf gives it): each name resolved with DNS, all its
 * addresses, kept for a minute. A host
 * that does not resolve adds nothing; if none does, no sender is PayFast.
 */
export async function isPayfastSender(address: string): Promise<boolean> {
  const hosts = env().PAYFAST_VALID_HOSTS
  const key = hosts.join(',')
  if (!resolved || resolved.hosts !== key || Date.now() - resolved.at > RESOLVED_FOR_MS) {
    const found = await Promise.all(
      hosts.map(async (host) =>
        isIP(host)
          ? [host]
          : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address),
      ),
    )
    // As the request's client is written (clientOf): an IPv6 address by its /64.
    const addresses = found.flat().map((a) => clientAddress(null, a, 0))
    resolved = { at: Date.now(), hosts: key, addresses: new Set(addresses) }
  }
  return resolved.addresses.has(address)
}
