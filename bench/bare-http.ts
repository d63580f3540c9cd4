/**
 * The bare baseline: node:http serving fixed bytes from memory with the same headers as the
 * shop. Run as its own process, like the shop, so that both share the machine the same way.
 * Usage: tsx bench/bare-http.ts <port> <file with the body> [its content-encoding]
 */
import fs from 'node:fs'
import http from 'node:http'

const [port, bodyFile, encoding] = process.argv.slice(2)
const body = fs.readFileSync(bodyFile!)

http
  .createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': body.length,
      ...(encoding ? { 'content-encoding': encoding, vary: 'Accept-Encoding' } : {}),
    })
    res.end(body)
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'))
