import type http from 'node:http'

import { isHttps } from './origin'

/**
 * Marks every cookie the answer sets `Secure` when the client reached the shop over https
 * (`isHttps`), in the one place every request passes, whoever set it: the buyer's sign-in, the
 * first /cms account's pass, and Payload's own `payload-token`, whose `auth.cookies.secure` is
 * one setting for every request and so cannot follow the proxy's word per request.
 */
export function secureCookies(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
): void {
  const proto = req.headers['x-forwarded-proto']
  if (!isHttps(Array.isArray(proto) ? proto.join(',') : proto, config)) return
  const writeHead = res.writeHead
  // Node sends implicit headers (a first write, a bare end()) through writeHead as well.
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    const set = this.getHeader('set-cookie')
    if (set !== undefined) this.setHeader('set-cookie', secured(set))
    for (const headers of args.slice(1)) {
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2)
          if (String(headers[i]).toLowerCase() === 'set-cookie')
            headers[i + 1] = secured(headers[i + 1]) as never
      } else if (headers && typeof headers === 'object') {
        const record = headers as Record<string, unknown>
        for (const key of Object.keys(record))
          if (key.toLowerCase() === 'set-cookie') record[key] = secured(record[key])
      }
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}

function secured(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((cookie) => withSecure(String(cookie)))
  return withSecure(String(value))
}

/** A Set-Cookie value with the Secure attribute, added once. */
export function withSecure(cookie: string): string {
  const attributes = cookie.split(';').slice(1)
  return attributes.some((a) => a.trim().toLowerCase() === 'secure') ? cookie : `${cookie}; Secure`
}
