import { headers } from 'next/headers'

import { env } from '@/env'

/** A host name and port as a browser sends them: anything else is not used to build links. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/

/**
 * The origin links to this shop are built on: PUBLIC_URL when set, otherwise the request's own
 * Host (and, behind a trusted proxy, the scheme it says the client used).
 */
export async function publicOrigin(): Promise<string> {
  const { PUBLIC_URL, TRUST_PROXY } = env()
  if (PUBLIC_URL) return PUBLIC_URL
  const request = await headers()
  const host = request.get('host') ?? ''
  const forwarded = request.get('x-forwarded-proto')
  const scheme = TRUST_PROXY > 0 && forwarded === 'https' ? 'https' : 'http'
  return `${scheme}://${HOST.test(host) ? host : 'localhost'}`
}
