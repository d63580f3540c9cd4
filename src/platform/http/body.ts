import { BadInput, PayloadTooLarge } from '@/shared/errors'
import { bodyLimitOf, JSON_VALUE_LIMIT } from '@/platform/http/body-limits'
import { assertJsonShape, JsonShape } from '@/platform/http/json-shape'

export { JSON_BODY_LIMIT } from '@/platform/http/body-limits'
export { assertJsonShape, MAX_NESTING, TooManyValues } from '@/platform/http/json-shape'

/**
 * Reads at most its route family's bytes (body-limits.ts; 413 past them) and parses the body as
 * JSON (400), holding at most the family's number of values (413): its shape is checked as the
 * text arrives, so a body with too many values is refused without the rest being read.
 */
export async function readJson(request: Request, limit?: number): Promise<unknown> {
  const family = bodyLimitOf(request.method, new URL(request.url).pathname)
  const bytes = limit ?? family.bytes
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > bytes) throw new PayloadTooLarge(bytes)
  const shape = new JsonShape('body', family.values)
  const text = await readText(request, bytes, (piece) => shape.feed(piece))
  if (!text.trim()) throw new BadInput('Request body is empty: send JSON.', { field: 'body' })
  return parseCheckedJson(text, 'body')
}

/**
 * JSON text parsed, after a scan that bounds its nesting and its number of values, and every
 * string in it held to `assertStorableText`.
 */
export function parseJsonText(text: string, field: string, maxValues = JSON_VALUE_LIMIT): unknown {
  assertJsonShape(text, field, maxValues)
  return parseCheckedJson(text, field)
}

/** JSON text whose shape was checked, parsed (400) and held to `assertStorableText`. */
function parseCheckedJson(text: string, field: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    throw new BadInput(
      field === 'body'
        ? 'Request body is not valid JSON.'
        : `The \`${field}\` part is not valid JSON.`,
      { field },
    )
  }
  assertStorableText(value, field === 'body' ? '' : field)
  return value
}

/**
 * PostgreSQL cannot store a NUL character in text, and a lone UTF-16 surrogate is not text at
 * all: a string with either, anywhere in the input (keys too), is refused naming where it was.
 */
export function assertStorableText(value: unknown, path = ''): void {
  const refuse = (where: string) => {
    const field = where || 'body'
    throw new BadInput(
      `${field}: text must not contain NUL characters or broken Unicode (lone surrogates).`,
      { field },
    )
  }
  if (typeof value === 'string') {
    if (!isStorableText(value)) refuse(path)
    return
  }
  if (typeof value !== 'object' || value === null) return
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key
    if (!isStorableText(key)) refuse(path)
    assertStorableText(item, where)
  }
}

export function isStorableText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed()
}

/**
 * The body as text, decoded chunk by chunk as it arrives: a 64 MB import is never also held as
 * one block of bytes beside its text.
 */
async function readText(
  request: Request,
  limit: number,
  check: (piece: string) => void,
): Promise<string> {
  const decoder = new TextDecoder('utf-8')
  let text = ''
  const add = (piece: string) => {
    check(piece)
    text += piece
  }
  await readChunks(request, limit, (chunk) => add(decoder.decode(chunk, { stream: true })))
  add(decoder.decode())
  return text
}

/** The raw body, refusing (413) past `limit` bytes whatever Content-Length claimed. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = []
  await readChunks(request, limit, (chunk) => chunks.push(chunk))
  return Buffer.concat(chunks) as Uint8Array<ArrayBuffer>
}

async function readChunks(
  request: Request,
  limit: number,
  take: (chunk: Uint8Array) => void,
): Promise<void> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new PayloadTooLarge(limit)
  if (!request.body) return
  const reader = request.body.getReader()
  let size = 0
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The front door cut the body at its family's limit (body-guard.ts).
      if ((error as { status?: unknown } | null)?.status === 413) throw new PayloadTooLarge(limit)
      throw error
    })
    if (done) return
    size += value.byteLength
    // The rest is left unread, not cancelled: cancelling resets the connection before the answer
    // is sent; the front door closes it once answered (body-guard.ts).
    if (size > limit) throw new PayloadTooLarge(limit)
    take(value)
  }
}
