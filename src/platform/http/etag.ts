import { createHash } from 'node:crypto'

/** Whether an If-None-Match header names `etag` (or `*`); weak tags compare as strong. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/** A strong tag for `body`: the same bytes, the same tag, in every process. */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
}

/** `body` with its tag, or a bodiless 304 when the request already holds these bytes. */
export function withEtag(
  request: Request,
  body: Buffer,
  headers: Record<string, string>,
): Response {
  const etag = etagOf(body)
  if (matchesEtag(request.headers.get('if-none-match') ?? undefined, etag))
    return new Response(null, {
      status: 304,
      headers: { etag, 'cache-control': headers['cache-control'] ?? 'no-cache' },
    })
  return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, etag } })
}
