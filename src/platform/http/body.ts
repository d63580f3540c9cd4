import { BadInput, PayloadTooLarge } from '@/shared/errors'

export const JSON_BODY_LIMIT = 100_000

/** Reads at most `limit` bytes of a request body (413 past it) and parses it as JSON (400). */
export async function readJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new PayloadTooLarge(limit)
  const text = await readText(request, limit)
  if (!text.trim()) throw new BadInput('Request body is empty: send JSON.', { field: 'body' })
  return parseJsonText(text, 'body')
}

/** Deeper than any input of the shop's: every check that walks a value recurses. */
export const MAX_NESTING = 64

/** JSON text parsed, and every string in it held to `assertStorableText`. */
export function parseJsonText(text: string, field: string): unknown {
  assertNestingDepth(text, field)
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
 * Refuses JSON nested deeper than MAX_NESTING, found by counting brackets outside strings before
 * anything recurses into it (8,000 levels overflowed the stack of the checks after the parse).
 */
function assertNestingDepth(text: string, field: string): void {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash: the next character is escaped
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > MAX_NESTING) {
        throw new BadInput(`${field}: JSON may be nested at most ${MAX_NESTING} levels deep.`, {
          field,
        })
      }
    } else if (c === 93 || c === 125) depth--
  }
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
async function readText(request: Request, limit: number): Promise<string> {
  const decoder = new TextDecoder('utf-8')
  let text = ''
  await readChunks(request, limit, (chunk) => {
    text += decoder.decode(chunk, { stream: true })
  })
  return text + decoder.decode()
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
    const { done, value } = await reader.read()
    if (done) return
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new PayloadTooLarge(limit)
    }
    take(value)
  }
}
