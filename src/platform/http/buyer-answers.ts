import type http from 'node:http'

import {
  BUYER_CACHE_CONTROL,
  BUYER_COOKIE,
  cookieValue,
  NO_SIGN_IN,
  SIGN_IN_HEADER,
} from './cookies'

/** Where the shop's prices are shown: its pages and product reads, which the service worker keeps. */
const PRICED = /^\/(?:p\/[^/?]+)?(?:\?|$)|^\/api\/products(?:\?|$)/
/** A buyer's own: their account, sign-in, statement and invoices, and the orders they place. */
const PERSONAL = /^\/(?:api\/account|account|api\/orders)(?:[/?]|$)/

/**
 * Holds every answer to the request to the rules for a buyer's answers (docs/accounts.md), in the
 * one place every request passes, whatever then answers it (a shared answer, Next's render, a
 * route): with the sign-in cookie, an answer that depends on it is `BUYER_CACHE_CONTROL`, what
 * Next or a route set notwithstanding; without it, a priced answer says it is a guest's
 * (SIGN_IN_HEADER), which is all the service worker needs to keep it.
 */
export function holdBuyerAnswers(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? ''
  const priced = PRICED.test(url)
  const cookie = Array.isArray(req.headers.cookie)
    ? req.headers.cookie.join('; ')
    : req.headers.cookie
  if (cookieValue(cookie, BUYER_COOKIE) === undefined) {
    if (priced && (req.method === 'GET' || req.method === 'HEAD'))
      res.setHeader(SIGN_IN_HEADER, NO_SIGN_IN)
    return
  }
  if (priced || PERSONAL.test(url)) forceHeader(res, 'cache-control', BUYER_CACHE_CONTROL)
}

/** Sets `name` as the headers go out, over whatever was set or passed to writeHead. */
function forceHeader(res: http.ServerResponse, name: string, value: string): void {
  const writeHead = res.writeHead
  // Node sends implicit headers (a first write, a bare end()) through writeHead as well.
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    this.setHeader(name, value)
    for (const headers of args.slice(1)) {
      if (Array.isArray(headers)) {
        for (let i = 0; i < headers.length; i += 2)
          if (String(headers[i]).toLowerCase() === name) headers[i + 1] = value
      } else if (headers && typeof headers === 'object') {
        for (const key of Object.keys(headers))
          if (key.toLowerCase() === name) (headers as Record<string, unknown>)[key] = value
      }
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}
