import { BadInput, PayloadTooLarge } from '@/lib/errors'

export const JSON_BODY_LIMIT = 100_000

/** Reads at most `limit` bytes of a request body (413 past it) and parses it as JSON (400). */
export async function readJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new PayloadTooLarge(limit)
  const text = await readText(request, limit)
  if (!text.trim()) throw new BadInput('Request body is empty: send JSON.', { field: 'body' })
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new BadInput('Request body is not valid JSON.', { field: 'body' })
  }
}

async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder('utf-8').decode(await readBytes(request, limit))
}

/** The raw body, refusing (413) past `limit` bytes whatever Content-Length claimed. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new PayloadTooLarge(limit)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new PayloadTooLarge(limit)
    }
    chunks.push(value)
  }
  return new Uint8Array(Buffer.concat(chunks))
}
