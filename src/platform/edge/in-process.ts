import http from 'node:http'
import type net from 'node:net'
import { Duplex } from 'node:stream'

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown

export type Rendered = { status: number; headers: Record<string, string>; body: Buffer }

/**
 * A connection that goes nowhere: what a response writes to it is kept, in the order written.
 * It has the address of the request it stands in for, so whatever reads it sees that client.
 * It takes any amount at once: a writer that waited for it to drain (Next does, past 16 kB)
 * would wait for ever, since only Node's own server passes a socket's 'drain' on to a response.
 */
class CapturingSocket extends Duplex {
  readonly chunks: Buffer[] = []

  constructor(readonly remoteAddress: string | undefined) {
    super({ writableHighWaterMark: Number.MAX_SAFE_INTEGER })
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk)
    done()
  }

  setTimeout(): this {
    return this
  }

  setNoDelay(): this {
    return this
  }

  setKeepAlive(): this {
    return this
  }
}

/**
 * How long a render may take. Everyone asking for a shared answer waits on its one render, so a
 * render that never ends (a query stuck behind a lock, a bug) would hold them all; after this
 * they are answered 503 and the next request renders afresh. A page takes well under a second.
 */
export const RENDER_TIMEOUT_MS = 15_000

/**
 * Asks `handler` (Next's request handler) for a GET of `url` inside this process, with only the
 * headers given, and gathers its answer: no request goes out over the network, not even to this
 * server. The answer's body is sent unchunked, so what follows the header block is the body.
 * Rejects after `timeoutMs`, closing the connection the handler writes to.
 */
export function renderInProcess(
  handler: RequestHandler,
  url: string,
  headers: http.IncomingHttpHeaders,
  remoteAddress = '127.0.0.1',
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<Rendered> {
  const socket = new CapturingSocket(remoteAddress)
  const req = new http.IncomingMessage(socket as unknown as net.Socket)
  req.method = 'GET'
  req.url = url
  req.httpVersion = '1.1'
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = headers
  req.complete = true
  req.push(null)
  const res = new http.ServerResponse(req)
  res.useChunkedEncodingByDefault = false
  res.shouldKeepAlive = false
  res.assignSocket(socket as unknown as net.Socket)
  socket.on('drain', () => res.emit('drain'))
  return new Promise<Rendered>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`No answer to ${url} within ${timeoutMs} ms`))
      socket.destroy()
    }, timeoutMs)
    timer.unref()
    res.once('close', () => clearTimeout(timer))
    res.once('finish', () => {
      clearTimeout(timer)
      try {
        resolve(parseResponse(Buffer.concat(socket.chunks)))
      } catch (error) {
        reject(error)
      } finally {
        socket.destroy()
      }
    })
    res.once('error', reject)
    Promise.resolve(handler(req, res)).catch(reject)
  })
}

/** Status, headers (lower-case, repeated ones joined) and body of an HTTP/1.1 answer. */
export function parseResponse(raw: Buffer): Rendered {
  const end = raw.indexOf('\r\n\r\n')
  if (end < 0) throw new Error('The answer had no header block')
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1])
  if (!status) throw new Error(`Not an HTTP status line: ${statusLine}`)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  return { status, headers, body: raw.subarray(end + 4) }
}

const registry = globalThis as unknown as { __kcLocalHandler?: RequestHandler }

/** Makes `handler` (the shop's own request listener) the one answerLocally asks. */
export function answerLocallyWith(handler: RequestHandler): void {
  registry.__kcLocalHandler = handler
}

/**
 * This shop's answer to a GET of `path`, produced in this process (route handlers are bundled
 * apart from the server, so the listener is found on globalThis). Rejects when the shop's server
 * is not running in this process (a script).
 */
export function answerLocally(path: string): Promise<Rendered> {
  const handler = registry.__kcLocalHandler
  if (!handler) return Promise.reject(new Error('No shop server in this process'))
  return renderInProcess(handler, path, { host: 'localhost' })
}
