import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import vm from 'node:vm'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { precompressStatic } from '../../../scripts/lib/precompress'
import { buildServiceWorker, SERVICE_WORKER_SOURCE } from '../../../scripts/lib/service-worker'
import { loadStaticAssets, pickEncoding, serveStaticAsset, type StaticAssets } from './static-files'

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, as the browser accepts them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('GZIP, BR')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('*;q=0.5, br;q=0')).toBe('gzip')
  })

  it('chooses none when neither is accepted', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'gzip;q=0', '*;q=0', 'br;q=x']) {
      expect(pickEncoding(header), String(header)).toBeUndefined()
    }
  })
})

describe('precompressed build files', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-static-'))
  const chunks = path.join(dist, 'static', 'chunks')
  const script = `//# allFunctionsCalledOnLoad\n${'console.log("rand");'.repeat(200)}`
  let assets: StaticAssets
  let server: http.Server
  let port: number

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'static', 'media'), { recursive: true })
    fs.mkdirSync(chunks)
    fs.writeFileSync(path.join(chunks, 'app.js'), script)
    fs.writeFileSync(path.join(chunks, 'shop.css'), 'body{margin:0}')
    fs.writeFileSync(path.join(dist, 'static', 'media', 'logo.png'), 'not text')
    expect(precompressStatic(dist)).toBe(2)
    expect(buildServiceWorker(dist)).toBeGreaterThan(0)
    assets = loadStaticAssets(dist)
    server = http.createServer((req, res) => {
      if (serveStaticAsset(req, res, assets)) return
      res.writeHead(418).end('to Next')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => {
    server.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  function request(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
            const parts: Buffer[] = []
            res.on('data', (d: Buffer) => parts.push(d))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(parts),
              }),
            )
          })
          .on('error', reject)
          .end()
      },
    )
  }

  it('writes Brotli and gzip copies of scripts and stylesheets only', () => {
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, 'app.js.br'))).toString(),
    ).toBe(script)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(chunks, 'app.js.gz'))).toString()).toBe(script)
    expect(fs.existsSync(path.join(dist, 'static', 'media', 'logo.png.br'))).toBe(false)
    expect([...assets.keys()].sort()).toEqual([
      '/_next/static/chunks/app.js',
      '/_next/static/chunks/shop.css',
      '/sw.js',
    ])
  })

  it('sends the copy the browser accepts, cached for a year', async () => {
    const br = await request('/_next/static/chunks/app.js?dpl=1', {
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(br.status).toBe(200)
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'content-length': String(br.body.length),
    })
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script)
    expect(br.body.length).toBeLessThan(script.length / 10)

    const gzip = await request('/_next/static/chunks/shop.css', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe('body{margin:0}')

    const head = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.headers['content-length']).toBe(String(br.body.length))
    expect(head.body.length).toBe(0)
  })

  it('answers 304 to a matching If-None-Match, per coding', async () => {
    const first = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br' })
    const etag = first.headers.etag!
    const again = await request('/_next/static/chunks/app.js', {
      'accept-encoding': 'br',
      'if-none-match': `W/"other", ${etag}`,
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const gzip = await request('/_next/static/chunks/app.js', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    })
    expect(gzip.status).toBe(200)
    expect(gzip.headers.etag).not.toBe(etag)
  })

  it('leaves everything else to Next', async () => {
    for (const [pathname, headers, method] of [
      ['/_next/static/chunks/app.js', {}, 'GET'],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'identity' }, 'GET'],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'],
      ['/_next/static/chunks/app.js.br', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/media/logo.png', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/../chunks/app.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/', { 'accept-encoding': 'br' }, 'GET'],
    ] as const) {
      const res = await request(pathname, headers, method)
      expect(res.status, `${method} ${pathname}`).toBe(418)
    }
  })

  it('sends the service worker as /sw.js without its comments, never cached long', async () => {
    const source = fs.readFileSync(SERVICE_WORKER_SOURCE, 'utf8')
    const res = await request('/sw.js?v=abc&mb=20', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    })
    const sent = zlib.brotliDecompressSync(res.body).toString()
    expect(() => new vm.Script(sent)).not.toThrow()
    expect(sent).not.toMatch(/\/\*\*|^\s*\/\/ /m)
    for (const name of ['staleWhileRevalidate', 'kc-shell-', 'sendQueuedOrders']) {
      expect(sent).toContain(name)
    }
    expect(res.body.length).toBeLessThan(zlib.gzipSync(source, { level: 9 }).length * 0.65)
    // A client that takes neither coding still gets it: Next has no copy of its own.
    const plain = await request('/sw.js', {})
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(sent)
  })
})
