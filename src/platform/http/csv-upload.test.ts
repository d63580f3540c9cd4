import { describe, expect, it } from 'vitest'

import { AppError } from '@/shared/errors'
import { CsvUpload, importCsv } from './csv-upload'

const CSV = 'sku,name\nA-1,Ísítshá 🧺 洗衣盆\nB-2,"Says ""hi"", twice"\n'

/** A request whose body arrives in the given pieces of bytes, with no Content-Length. */
function request(pieces: Uint8Array[], type: string, url = 'http://shop.test/import'): Request {
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(pieces[i++]!)
      else controller.close()
    },
  })
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    duplex: 'half',
  } as RequestInit)
}

/** The bytes of `text` cut every `size` bytes: inside multi-byte characters too. */
function cut(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text)
  const pieces: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size))
  return pieces
}

async function readAll(upload: CsvUpload): Promise<string> {
  let text = ''
  for await (const piece of upload.text) text += piece
  return text
}

async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('CsvUpload', () => {
  it('reads the file from JSON or text/csv, whatever the bytes are cut at', async () => {
    const json = JSON.stringify({ dryRun: true, csvData: CSV })
    for (const size of [1, 2, 3, 5, 64]) {
      const fromJson = new CsvUpload(request(cut(json, size), 'application/json'), 1000)
      expect(await readAll(fromJson)).toBe(CSV)
      expect(fromJson.options()).toEqual({ dryRun: true })
      const raw = new CsvUpload(
        request(cut(CSV, size), 'text/csv; charset=utf-8', 'http://s.test/i?dryRun=true'),
        1000,
      )
      expect(await readAll(raw)).toBe(CSV)
      expect(raw.options()).toEqual({ dryRun: true })
    }
  })

  it('counts the limit in UTF-8 bytes of the file, not characters', async () => {
    const file = '🧺'.repeat(300) // 600 characters, 1,200 bytes
    const raw = new CsvUpload(request(cut(file, 100), 'text/csv'), 1000)
    expect((await failure(raw.settle(readAll(raw)))).status).toBe(413)
    const json = new CsvUpload(
      request(cut(JSON.stringify({ csvData: file }), 100), 'application/json'),
      1000,
    )
    const refused = await failure(json.settle(readAll(json)))
    expect(refused.status).toBe(413)
    expect(refused.message).toMatch(/at most .* of UTF-8 text \(1000 bytes/)
    const within = new CsvUpload(request(cut('🧺'.repeat(250), 7), 'text/csv'), 1000)
    expect(await readAll(within)).toHaveLength(500)
  })

  it('lets JSON escaping take the body past the file’s size, up to twice it', async () => {
    const quotes = '"'.repeat(900) // 900 bytes of file, 1,800 in JSON
    const upload = new CsvUpload(
      request(cut(JSON.stringify({ csvData: quotes }), 50), 'application/json'),
      1000,
    )
    expect(await readAll(upload)).toBe(quotes)
  })

  it('refuses by Content-Length before reading, and a body past it as it arrives', async () => {
    const declared = new Request('http://s.test/i', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': '1001' },
      body: 'x',
    })
    const upload = new CsvUpload(declared, 1000)
    expect((await failure(upload.settle(readAll(upload)))).status).toBe(413)
  })

  it('reads the rest of a refused file, and answers 413 when the rest is too much', async () => {
    const stop = async (upload: CsvUpload) => {
      for await (const piece of upload.text) if (piece.includes('\n')) break
      throw new AppError('bad header', 400)
    }
    const small = new CsvUpload(request(cut(`bad\n${'x'.repeat(500)}`, 10), 'text/csv'), 1000)
    expect((await failure(small.settle(stop(small)))).status).toBe(400)
    const big = new CsvUpload(request(cut(`bad\n${'x'.repeat(5000)}`, 10), 'text/csv'), 1000)
    expect((await failure(big.settle(stop(big)))).status).toBe(413)
    const bigJson = new CsvUpload(
      request(cut(JSON.stringify({ csvData: `bad\n${'é'.repeat(600)}` }), 10), 'application/json'),
      1000,
    )
    expect((await failure(bigJson.settle(stop(bigJson)))).status).toBe(413)
  })

  it('refuses NUL, broken UTF-8 in a raw file, another charset, and JSON without the file', async () => {
    const nul = new CsvUpload(request(cut('{"csvData":"a\\u0000b"}', 4), 'application/json'), 99)
    expect(await failure(readAll(nul))).toMatchObject({
      status: 400,
      details: { field: 'csvData' },
    })
    const latin1 = new CsvUpload(request([new Uint8Array([0x61, 0xe9, 0x0a])], 'text/csv'), 99)
    expect((await failure(readAll(latin1))).message).toMatch(/not UTF-8/)
    const charset = new CsvUpload(request(cut('a', 1), 'text/csv; charset=windows-1252'), 99)
    expect((await failure(readAll(charset))).status).toBe(415)
    for (const body of ['{}', '{"csvData":""}', '{"csvData":5}', '{"dryRun":true}']) {
      const upload = new CsvUpload(request(cut(body, 3), 'application/json'), 99)
      expect((await failure(readAll(upload))).message, body).toBe(
        'csvData is required: the CSV file as text',
      )
    }
  })
})

describe('importCsv', () => {
  const run = (req: Request) =>
    importCsv(req, 1000, async (source) => {
      let text = ''
      for await (const piece of source.text) text += piece
      return { text, dryRun: source.dryRun() }
    })

  it('hands the file and its dryRun, from the query or the JSON body, to the import', async () => {
    expect(await run(request(cut(CSV, 7), 'text/csv', 'http://s.test/i?dryRun=true'))).toEqual({
      text: CSV,
      dryRun: true,
    })
    const json = JSON.stringify({ csvData: CSV })
    expect(await run(request(cut(json, 5), 'application/json'))).toEqual({
      text: CSV,
      dryRun: false,
    })
  })

  it('refuses a dryRun that is not true or false, and a file past the limit', async () => {
    const bad = request(cut(CSV, 7), 'text/csv', 'http://s.test/i?dryRun=yes')
    const refused = await failure(run(bad))
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(/dryRun must be true or false/)
    const big = request(cut('x'.repeat(1200), 100), 'text/csv')
    expect((await failure(run(big))).status).toBe(413)
  })
})
