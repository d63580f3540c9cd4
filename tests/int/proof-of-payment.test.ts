import { randomUUID } from 'node:crypto'
import http from 'node:http'

import { describe, expect, it } from 'vitest'

import { baseURL, get, postJson, sql } from '../helpers/api'
import { admin, newClient } from '../helpers/admin'
import { signedInBuyer } from '../helpers/buyers'
import { drainedOrClosed } from '../helpers/drained'
import { buildProduct, orderBody, solidImage } from '../helpers/factories'

/*
 * A buyer's proof of payment (docs/payments.md): sent by whoever holds the order (its receipt's
 * key, or the trade buyer's sign-in), checked by its bytes and size, kept beside the order, shown
 * to the owner with the key. It never marks the order paid.
 */

const MB = 1024 * 1024
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
)
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 0x41)])

type Placed = { orderId: string; proofKey: string }
type Proof = { id: number; contentType: string; size: number; sha256: string; uploadedAt: string }

async function placeOrder(headers: Record<string, string> = {}): Promise<Placed> {
  const product = await buildProduct({ price: 120, inStock: 50 })
  const body = { ...orderBody([{ sku: product.sku, quantity: 1 }]), payment: 'shop-to-shop' }
  const res = await postJson('/api/orders', body, { 'idempotency-key': randomUUID(), ...headers })
  expect(res.status).toBe(201)
  const placed = (await res.json()) as Placed
  expect(placed.proofKey).toMatch(/^[\w-]{43}$/)
  return placed
}

const proofsPath = (orderId: string) => `/api/orders/${orderId}/payment-proofs`

function upload(
  orderId: string,
  file: Buffer,
  headers: Record<string, string | undefined> = {},
): Promise<Response> {
  const sent: Record<string, string> = { 'content-type': 'application/pdf' }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete sent[name]
    else sent[name] = value
  }
  return fetch(`${baseURL()}${proofsPath(orderId)}`, {
    method: 'POST',
    headers: sent,
    body: new Uint8Array(file),
  })
}

const keyed = (placed: Placed, extra: Record<string, string> = {}) => ({
  'x-proof-key': placed.proofKey,
  ...extra,
})

async function storedProofs(orderId: string) {
  return sql<{ size: number; sha256: string; content_type: string }>(
    `SELECT p.size, p.sha256, p.content_type FROM payment_proofs p
       JOIN orders o ON o.id = p.order_id WHERE o.order_id = $1 ORDER BY p.id`,
    [orderId],
  )
}

async function orderState(orderId: string) {
  const res = await admin('GET', `/api/admin/orders/${orderId}`)
  expect(res.status).toBe(200)
  return (await res.json()) as {
    paid: boolean
    paidAmount: number | null
    history: { kind: string; message: string; actor: string }[]
  }
}

/** Sends `size` bytes (a PDF's first bytes, then filler), declared or chunked; never held here. */
function sendLarge(
  path: string,
  size: number,
  options: { chunked: boolean; key: string },
): Promise<{ status: number; body: string; sent: number }> {
  const headers: Record<string, string> = {
    'content-type': 'application/pdf',
    'x-proof-key': options.key,
    'x-forwarded-for': newClient(),
  }
  if (options.chunked) headers['transfer-encoding'] = 'chunked'
  else headers['content-length'] = String(size)
  const req = http.request(new URL(path, baseURL()), { method: 'POST', headers, agent: false })
  const block = Buffer.concat([PDF, Buffer.alloc(64 * 1024 - PDF.length, 0x20)])
  let sent = 0
  let answered = false
  return new Promise((resolve) => {
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode!, body, sent })
        req.destroy()
      })
    })
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, body: String(error), sent })
    })
    void (async () => {
      while (sent < size && !answered && !req.destroyed) {
        const chunk = block.subarray(0, Math.min(block.length, size - sent))
        sent += chunk.length
        if (!req.write(chunk)) await drainedOrClosed(req)
      }
      if (!answered && !req.destroyed) req.end()
    })()
  })
}

describe('a proof of payment', () => {
  it('is taken from the receipt’s holder (201), kept with its facts, and marks nothing paid', async () => {
    const placed = await placeOrder()
    const res = await upload(placed.orderId, PDF, keyed(placed))
    expect(res.status).toBe(201)
    const { proof, proofs } = (await res.json()) as { proof: Proof; proofs: Proof[] }
    expect(proof).toMatchObject({ contentType: 'application/pdf', size: PDF.length })
    expect(proof.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(proofs).toEqual([proof])
    const [stored] = await storedProofs(placed.orderId)
    expect(stored).toEqual({
      size: PDF.length,
      sha256: proof.sha256,
      content_type: 'application/pdf',
    })
    const [bytes] = await sql<{ bytes: Buffer }>(`SELECT bytes FROM payment_proofs WHERE id = $1`, [
      proof.id,
    ])
    expect(Buffer.compare(bytes!.bytes, PDF)).toBe(0)

    // Not a payment: the order is still unpaid, and its history says the proof came.
    const order = await orderState(placed.orderId)
    expect(order.paid).toBe(false)
    expect(order.paidAmount).toBeNull()
    expect(order.history).toContainEqual(
      expect.objectContaining({ message: 'Proof of payment uploaded', actor: 'customer' }),
    )
    // The receipt's holder reads what was sent (the receipt's "Proof of payment received").
    const listed = await get(proofsPath(placed.orderId), { headers: keyed(placed) })
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { proofs: Proof[] }).proofs).toEqual([proof])
    // The owner may then mark it paid, as before.
    const paid = await admin('PATCH', `/api/admin/orders/${placed.orderId}`, {
      payment: { paid: true, reference: 'FNB 4471' },
    })
    expect(paid.status).toBe(200)
    expect((await orderState(placed.orderId)).paid).toBe(true)
  })

  it('takes an image, judged by its bytes, and a trade buyer’s own order by their sign-in', async () => {
    const buyer = await signedInBuyer(null)
    const placed = await placeOrder({ cookie: buyer.cookie })
    const png = await solidImage(40, 30, 'png')
    // Sent as a JPEG, it is a PNG: kept as what its bytes are.
    const res = await upload(placed.orderId, png, {
      'content-type': 'image/jpeg',
      cookie: buyer.cookie,
    })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { proof: Proof }).proof.contentType).toBe('image/png')
    // Another buyer's sign-in holds nothing of it.
    const other = await signedInBuyer(null)
    const refused = await upload(placed.orderId, PDF, { cookie: other.cookie })
    expect(refused.status).toBe(404)
    expect(await storedProofs(placed.orderId)).toHaveLength(1)
  })

  it('is refused to anyone without the order’s key, and nothing is stored', async () => {
    const placed = await placeOrder()
    const other = await placeOrder()
    const cases: [Record<string, string | undefined>, number][] = [
      [{}, 401],
      [{ 'x-proof-key': '' }, 401],
      [{ 'x-proof-key': 'guess' }, 404],
      [{ 'x-proof-key': other.proofKey }, 404],
      [{ 'x-proof-key': `${placed.proofKey.slice(0, -2)}AA` }, 404],
      [{ cookie: 'kc_buyer=not-a-session' }, 401],
    ]
    for (const [headers, status] of cases) {
      const res = await upload(placed.orderId, PDF, headers)
      expect(res.status, JSON.stringify(headers)).toBe(status)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
    }
    // A made-up order id with a real key says nothing more than a 404 either.
    expect((await upload('KC-ABCDEF', PDF, keyed(placed))).status).toBe(404)
    expect((await upload('not-an-order', PDF, keyed(placed))).status).toBe(400)
    expect((await get(proofsPath(placed.orderId), { headers: keyed(other) })).status).toBe(404)
    expect(await storedProofs(placed.orderId)).toEqual([])
    expect((await orderState(placed.orderId)).history).toEqual([])
  })

  it('refuses a program named .pdf (415), an unknown type (415), an empty file (400)', async () => {
    const placed = await placeOrder()
    const exe = await upload(placed.orderId, EXE, keyed(placed))
    expect(exe.status).toBe(415)
    expect(((await exe.json()) as { error: string }).error).toBe(
      'Send a PDF, JPEG, PNG or WebP file.',
    )
    const html = await upload(placed.orderId, Buffer.from('<script>alert(1)</script>'), {
      ...keyed(placed),
      'content-type': 'text/html',
    })
    expect(html.status).toBe(415)
    expect((await upload(placed.orderId, Buffer.alloc(0), keyed(placed))).status).toBe(400)
    expect(await storedProofs(placed.orderId)).toEqual([])
  })

  it('refuses 6 MB and 50 MB with a 413 before reading them, and the shop keeps serving', async () => {
    const placed = await placeOrder()
    const path = proofsPath(placed.orderId)
    for (const size of [6 * MB, 50 * MB]) {
      const declared = await sendLarge(path, size, { chunked: false, key: placed.proofKey })
      expect(declared.status, `${size} declared: ${declared.body}`).toBe(413)
      expect(JSON.parse(declared.body)).toEqual({ error: expect.stringMatching(/too large/) })
      // Refused on its length: at most what the sockets hold on the way was sent.
      expect(declared.sent).toBeLessThan(size)
      const chunked = await sendLarge(path, size, { chunked: true, key: placed.proofKey })
      expect(chunked.status, `${size} chunked: ${chunked.body}`).toBe(413)
      expect((await fetch(`${baseURL()}/api/health`)).status).toBe(200)
    }
    expect(await storedProofs(placed.orderId)).toEqual([])
    // Just under the limit is taken.
    const atLimit = Buffer.concat([PDF, Buffer.alloc(5 * MB - PDF.length, 0x20)])
    expect((await upload(placed.orderId, atLimit, keyed(placed))).status).toBe(201)
  })

  it('takes at most five an order (409), and the same file again only once', async () => {
    const placed = await placeOrder()
    for (let i = 0; i < 5; i++) {
      const file = Buffer.concat([PDF, Buffer.from(`% copy ${i}\n`)])
      expect((await upload(placed.orderId, file, keyed(placed))).status).toBe(201)
    }
    const again = await upload(
      placed.orderId,
      Buffer.concat([PDF, Buffer.from('% copy 0\n')]),
      keyed(placed),
    )
    expect(again.status).toBe(200)
    const sixth = await upload(
      placed.orderId,
      Buffer.concat([PDF, Buffer.from('% six\n')]),
      keyed(placed),
    )
    expect(sixth.status).toBe(409)
    expect(await storedProofs(placed.orderId)).toHaveLength(5)
    const lines = (await orderState(placed.orderId)).history.filter(
      (e) => e.message === 'Proof of payment uploaded',
    )
    expect(lines).toHaveLength(5)
  })

  it('is downloaded by the owner with the key, safely typed, and by no one without it', async () => {
    const placed = await placeOrder()
    const png = await solidImage(20, 20, 'png')
    const { proof } = (await (await upload(placed.orderId, png, keyed(placed))).json()) as {
      proof: Proof
    }
    const listPath = `/api/admin/orders/${placed.orderId}/payment-proofs`
    const filePath = `${listPath}/${proof.id}`
    const listed = await admin('GET', listPath)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual([proof])

    const file = await admin('GET', filePath)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${placed.orderId}-proof-${proof.id}.png"`,
    )
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), png)).toBe(0)

    for (const key of [null, 'wrong-key-0123456789abcdefgh']) {
      for (const path of [listPath, filePath]) {
        const res = await admin('GET', path, undefined, { key, client: newClient() })
        expect(res.status, `${path} ${key}`).toBe(401)
        expect(await res.json()).toEqual({ error: 'Unauthorized' })
      }
    }
    // The receipt's key is no owner's key.
    const withProofKey = await get(filePath, { headers: keyed(placed) })
    expect(withProofKey.status).toBe(401)
    // Another order's address does not reach this proof.
    const other = await placeOrder()
    expect(
      (await admin('GET', `/api/admin/orders/${other.orderId}/payment-proofs/${proof.id}`)).status,
    ).toBe(404)
  })

  it('is deleted when the owner erases the buyer’s personal data, the order kept', async () => {
    const phone = `074 ${String(Date.now()).slice(-3)} ${String(Math.random()).slice(2, 6)}`
    const product = await buildProduct({ price: 75, inStock: 10 })
    const body = {
      ...orderBody([{ sku: product.sku, quantity: 1 }]),
      customer: { name: 'Ayanda Nkosi', phone },
      payment: 'shop-to-shop',
    }
    const res = await postJson('/api/orders', body)
    expect(res.status).toBe(201)
    const placed = (await res.json()) as Placed
    const bystander = await placeOrder()
    expect((await upload(placed.orderId, PDF, keyed(placed))).status).toBe(201)
    expect((await upload(bystander.orderId, PDF, keyed(bystander))).status).toBe(201)
    const erased = await admin(
      'DELETE',
      `/api/admin/personal-data?phone=${encodeURIComponent(phone)}`,
    )
    expect(erased.status).toBe(200)
    expect(await erased.json()).toMatchObject({ proofsOfPayment: 1, orders: { keptForTax: 1 } })
    expect(await storedProofs(placed.orderId)).toEqual([])
    expect(await storedProofs(bystander.orderId)).toHaveLength(1)
  })

  it('is not reachable through /cms/api', async () => {
    for (const path of [
      '/cms/api/payment-proofs',
      '/cms/api/payment_proofs',
      '/cms/api/payment-proofs/1',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
    }
  })
})
