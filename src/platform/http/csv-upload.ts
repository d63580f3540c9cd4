import { z } from 'zod'

import type { CsvSource } from '@/shared/csv-parser'
import { AppError, BadInput, PayloadTooLarge } from '@/shared/errors'
import { nameWay } from '@/platform/db/actor'

import { isStorableText } from './body'
import { JsonFieldReader } from './json-field-reader'
import { csvBodyLimit, isCsvContentType } from './upload-limits'
import { parseWith } from './validation'

const optionsSchema = z.object({
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

/**
 * The body of an import route: the CSV file of `request` (up to `maxCsvBytes`), as it arrives,
 * and its `dryRun` option (the JSON body's, or the query's), handed to `work`; its answer, once
 * the upload has settled (see `CsvUpload.settle`).
 */
export function importCsv<T>(
  request: Request,
  maxCsvBytes: number,
  work: (source: CsvSource) => Promise<T>,
): Promise<T> {
  nameWay('csv')
  const upload = new CsvUpload(request, maxCsvBytes)
  const source: CsvSource = {
    text: upload.text,
    dryRun: () => parseWith(optionsSchema, upload.options()).dryRun,
  }
  return upload.settle(work(source))
}

/** After the answer is decided early, how long the rest of the body is read and dropped. */
const DRAIN_MS = 30_000

/**
 * A CSV file sent to an import, read as it arrives: either the documented JSON body
 * `{"csvData": "<the file>", "dryRun"?: true}` or the file itself as `Content-Type: text/csv`
 * (then `?dryRun=true`). Neither the body nor the file's text is ever held whole: `text` gives
 * the file's text piece by piece as the body's bytes come, and the next bytes are read only when
 * the import asks for more. Past the limit, in the file's UTF-8 bytes or the body's: 413.
 */
export class CsvUpload {
  /** The file's text, decoded; a piece holding a NUL (or broken Unicode) is refused. */
  readonly text: AsyncIterable<string>
  private readonly csv: boolean
  private readonly wireLimit: number
  private readonly decoder: TextDecoder
  private readonly json: JsonFieldReader | undefined
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  private wireBytes = 0
  private csvBytes = 0
  private done = false
  private over = false
  private found: Record<string, unknown> | undefined

  constructor(
    private readonly request: Request,
    private readonly maxCsvBytes: number,
    private readonly field = 'csvData',
  ) {
    this.csv = isCsvContentType(request.headers.get('content-type'))
    this.wireLimit = csvBodyLimit(maxCsvBytes, this.csv ? 'csv' : 'json')
    // A raw file must be UTF-8; a JSON body's broken bytes become U+FFFD, as they always did.
    this.decoder = new TextDecoder('utf-8', { fatal: this.csv })
    this.json = this.csv ? undefined : new JsonFieldReader(field)
    this.text = this.read()
  }

  /** The JSON body's other members, or the query's parameters: known once `text` has ended. */
  options(): Record<string, unknown> {
    if (!this.found) throw new Error('The upload has not been read to its end.')
    return this.found
  }

  /**
   * `work`'s answer. When it fails before the body has all come (a bad header, a row too many),
   * the rest is read and dropped first, up to the limit, so that a client still sending is
   * there to get the answer; and a file over the limit is a 413 whatever else was wrong.
   */
  async settle<T>(work: Promise<T>): Promise<T> {
    try {
      return await work
    } catch (error) {
      if (!(await this.drain())) throw this.tooLarge()
      throw error
    }
  }

  private async *read(): AsyncGenerator<string> {
    if (this.csv) this.checkCharset()
    for (let chunk = await this.next(); chunk; chunk = await this.next()) {
      yield this.storable(this.extract(this.decode(chunk)))
    }
    yield this.storable(this.extract(this.decode()))
    if (this.json) {
      const { others, streamed } = this.json.end()
      if (!streamed || this.csvBytes === 0) {
        throw new BadInput(`${this.field} is required: the CSV file as text`, {
          field: this.field,
        })
      }
      this.found = others
    } else this.found = queryOptions(this.request.url)
  }

  /** The body's next bytes, or null at its end; 413 past the body's limit. */
  private async next(): Promise<Uint8Array | null> {
    if (!this.reader) {
      const declared = Number(this.request.headers.get('content-length') ?? 0)
      if (declared > this.wireLimit || !this.request.body) {
        this.done = true
        if (declared <= this.wireLimit) return null
        this.over = true
        throw this.tooLarge()
      }
      this.reader = this.request.body.getReader()
    }
    const { done, value } = await this.reader.read()
    if (done) {
      this.done = true
      return null
    }
    this.wireBytes += value.byteLength
    if (this.wireBytes > this.wireLimit) {
      this.over = true
      await this.cancel()
      throw this.tooLarge()
    }
    return value
  }

  private decode(chunk?: Uint8Array): string {
    try {
      return chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode()
    } catch {
      throw new BadInput(
        'The file is not UTF-8 text: save it as "CSV UTF-8" (a spreadsheet offers this).',
        { field: 'body' },
      )
    }
  }

  /** The file's text in this piece of the body, counted against the limit. */
  private extract(text: string): string {
    const piece = this.json ? this.json.push(text) : text
    this.csvBytes += this.json ? Buffer.byteLength(piece, 'utf8') : 0
    if (this.json && this.csvBytes > this.maxCsvBytes) {
      this.over = true
      throw this.tooLarge()
    }
    return piece
  }

  private storable(text: string): string {
    if (isStorableText(text)) return text
    const field = this.json ? this.field : 'body'
    throw new BadInput(
      `${field}: text must not contain NUL characters or broken Unicode (lone surrogates).`,
      { field },
    )
  }

  private checkCharset(): void {
    const type = this.request.headers.get('content-type') ?? ''
    const charset = /;\s*charset=([^;\s]+)/i.exec(type)?.[1]
    if (charset && !/^"?utf-?8"?$/i.test(charset)) {
      throw new AppError('Send the CSV file as UTF-8 text (charset=utf-8).', 415)
    }
  }

  /**
   * Reads the rest of the body and drops it: whether the file stayed within its limit. A file
   * found too large is read on to the body's own limit too (the client is still sending it, and
   * would see the connection cut instead of the 413); a body past that is cut.
   */
  private async drain(): Promise<boolean> {
    const deadline = Date.now() + DRAIN_MS
    let counting = !this.over
    try {
      while (!this.done && Date.now() < deadline) {
        // A text/csv body's bytes are the file's, counted by next(); a JSON body's file is
        // its string, decoded, until the JSON breaks (then only the body's bytes count).
        const chunk = await this.next()
        if (!chunk || !this.json || !counting) continue
        try {
          this.extract(this.decode(chunk))
        } catch {
          counting = false
        }
      }
    } catch {
      // past the body's limit (cut), or the client went away
    }
    if (!this.done) await this.cancel()
    return !this.over
  }

  private async cancel(): Promise<void> {
    this.done = true
    await this.reader?.cancel().catch(() => undefined)
  }

  private tooLarge(): PayloadTooLarge {
    const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`
    const json = csvBodyLimit(this.maxCsvBytes, 'json')
    return new PayloadTooLarge(
      this.wireLimit,
      `The CSV file is too large: at most ${mb(this.maxCsvBytes)} of UTF-8 text (${this.maxCsvBytes} bytes; sent as JSON, the body may be up to ${mb(json)}).`,
    )
  }
}

/** `?dryRun=true` as the JSON body's `"dryRun": true`; other values are left for the check. */
function queryOptions(url: string): Record<string, unknown> {
  const options: Record<string, unknown> = {}
  for (const [key, value] of new URL(url).searchParams) {
    options[key] = value === 'true' ? true : value === 'false' ? false : value
  }
  return options
}
