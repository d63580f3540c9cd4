import http from 'node:http'

import type { Answer } from './tally'

/**
 * node:http with keep-alive, timed from the request's start to its body's last byte. Lighter on
 * the CPU than fetch, which matters on a 2-core machine where the client and the shop share it.
 */
export type Client = {
  send: (
    path: string,
    options?: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string },
  ) => Promise<Answer>
  close: () => void
}

export function httpClient(baseURL: string, maxSockets: number, timeoutMs: number): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets })
  const send: Client['send'] = (path, options = {}) =>
    new Promise((resolve) => {
      const start = performance.now()
      let bytes = 0
      let settled = false
      let timedOut = false
      const done = (status: number, error?: string, retryAfter?: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ status, ms: performance.now() - start, bytes, error, retryAfter })
      }
      const req = http.request(
        new URL(path, baseURL),
        { method: options.method ?? 'GET', agent, headers: options.headers },
        (res) => {
          const retryAfter = res.headers['retry-after']
          res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength))
          res.on('end', () => done(res.statusCode ?? 0, undefined, retryAfter))
          res.on('error', (error) => done(0, timedOut ? 'timeout' : error.message))
          // A body cut short (the server died mid-answer) is no answer.
          res.on('close', () => !res.complete && done(0, timedOut ? 'timeout' : 'cut short'))
        },
      )
      const timer = setTimeout(() => {
        timedOut = true
        req.destroy(new Error('timeout'))
      }, timeoutMs)
      req.on('error', (error) => done(0, timedOut ? 'timeout' : error.message))
      req.end(options.body)
    })
  return { send, close: () => agent.destroy() }
}
