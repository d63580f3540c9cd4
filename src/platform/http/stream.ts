/**
 * Responses sent as they are read: a whole catalogue goes out a batch at a time, so the server
 * holds one batch, not the list, however many clients ask at once.
 */

/** A JSON array, one chunk per batch. The first chunk carries the first batch (see below). */
export async function* jsonArrayChunks(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let prefix = '['
  for await (const batch of batches) {
    if (batch.length === 0) continue
    yield prefix + batch.map((item) => JSON.stringify(item)).join(',')
    prefix = ','
  }
  yield prefix === '[' ? '[]' : ']'
}

/** Whether an Accept-Encoding takes gzip (every browser's does; curl's without --compressed not). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  return /(^|[\s,])gzip(?!;\s*q=0(\.0+)?\s*(,|$))/i.test(acceptEncoding ?? '')
}

/**
 * Streams `chunks`, gzipped when `gzip` is set. The first chunk is read before the response
 * starts, so a database that is away is still a 503 with a body, not a cut stream; a failure
 * after that ends the stream early, and the truncated body cannot parse.
 *
 * Next drops a route handler's Content-Encoding (its send-response.js), and does not compress a
 * streamed body either: only scripts/server.ts, which sends the Response itself, asks for gzip.
 */
export async function streamedResponse(
  chunks: AsyncIterable<string>,
  headers: Record<string, string>,
  gzip = false,
): Promise<Response> {
  const iterator = chunks[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  let first: IteratorResult<string> | undefined = await iterator.next()
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      const next = first ?? (await iterator.next())
      first = undefined
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await iterator.return?.(undefined)
    },
  })
  const vary = { vary: 'accept-encoding' }
  if (!gzip) return new Response(body, { headers: { ...headers, ...vary } })
  return new Response(body.pipeThrough<Uint8Array>(new CompressionStream('gzip')), {
    headers: { ...headers, ...vary, 'content-encoding': 'gzip' },
  })
}
