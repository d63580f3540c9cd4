import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { describe, expect, it } from 'vitest'

import { parseResponse, renderInProcess } from './in-process'

describe('renderInProcess', () => {
  it('gathers a handler’s status, headers and body, written in parts', async () => {
    const rendered = await renderInProcess(
      (req, res) => {
        res.statusCode = 201
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.setHeader('x-seen', `${req.method} ${req.url} ${req.headers['user-agent']}`)
        res.write('<p>')
        res.write(Buffer.from('Rand: R 45,99 – ë'))
        res.end('</p>')
      },
      '/?q=lamp',
      { host: 'localhost', 'user-agent': 'Phone' },
    )
    expect(rendered.status).toBe(201)
    expect(rendered.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(rendered.headers['x-seen']).toBe('GET /?q=lamp Phone')
    expect(rendered.headers['transfer-encoding']).toBeUndefined()
    expect(rendered.body.toString('utf8')).toBe('<p>Rand: R 45,99 – ë</p>')
  })

  it('takes headers given to writeHead and a body piped from a stream', async () => {
    const rendered = await renderInProcess(
      async (_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
        await pipeline(Readable.from(['{"error":', '"Not found"}']), res)
      },
      '/api/x',
      {},
    )
    expect(rendered.status).toBe(404)
    expect(rendered.headers['set-cookie']).toBe('a=1, b=2')
    expect(JSON.parse(rendered.body.toString())).toEqual({ error: 'Not found' })
  })

  it('takes a large answer written in large parts, as Next writes a page', async () => {
    const part = Buffer.alloc(100_000, 'a')
    const rendered = await renderInProcess(
      async (_req, res) => {
        for (let i = 0; i < 5; i++)
          if (!res.write(part)) await new Promise((resolve) => res.once('drain', resolve))
        res.end()
      },
      '/',
      {},
    )
    expect(rendered.body.byteLength).toBe(500_000)
  })

  it('hands the request the client address it stands in for', async () => {
    const rendered = await renderInProcess(
      (req, res) => res.end(req.socket.remoteAddress),
      '/',
      {},
      '203.0.113.9',
    )
    expect(rendered.body.toString()).toBe('203.0.113.9')
  })

  it('fails when the handler fails, rather than waiting for ever', async () => {
    await expect(
      renderInProcess(
        async () => {
          throw new Error('render broke')
        },
        '/',
        {},
      ),
    ).rejects.toThrow('render broke')
  })
})

describe('parseResponse', () => {
  it('gives up on a handler that never answers, and closes the connection it was writing to', async () => {
    let closed = false
    const started = Date.now()
    const waiting = renderInProcess(
      (_req, res) => {
        res.on('close', () => (closed = true))
        res.write('<p>')
      },
      '/slow',
      {},
      undefined,
      50,
    )
    await expect(waiting).rejects.toThrow('No answer to /slow within 50 ms')
    expect(Date.now() - started).toBeLessThan(2000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(closed).toBe(true)
  })

  it('refuses bytes that are not an HTTP answer', () => {
    expect(() => parseResponse(Buffer.from('hello'))).toThrow(/header block/)
    expect(() => parseResponse(Buffer.from('SMTP 220\r\n\r\n'))).toThrow(/status line/)
  })
})
