import { BadInput } from '@/shared/errors'
import { assertStorableText, parseJsonText, readBytes } from '@/platform/http/body'
import { MAX_NESTING, TooManyValues } from '@/platform/http/json-shape'
import { databaseUnavailableResponse, errorResponse, json } from '@/platform/http/http'
import { withImageWork } from '@/platform/edge/images'
import { bodyLimitOf } from '@/platform/http/body-limits'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { databaseReachable } from '@/cms/payload'

type Handler<C> = (request: Request, context: C) => Promise<Response>

/** Paging parameters Payload passes to SQL as numbers: `limit=1e309` must not reach it. */
const WHOLE_NUMBER_PARAMS = ['limit', 'page', 'depth'] as const
const MAX_PAGE_SIZE = 1000

/**
 * Payload's REST API under the shop's input rules: bodies bounded (bytes and JSON values, by
 * their family in body-limits.ts; Payload has no limit of its own) and free of NUL and broken
 * Unicode, paging parameters whole numbers, image writes one at a time, and a failure while the
 * database is away a 503 rather than a 500. Bad input is a 400 before Payload sees it.
 */
export function guardCms<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      const url = new URL(request.url)
      if (!knownRoute(url.pathname)) return json({ error: 'Not Found' }, { status: 404 })
      checkParams(url.searchParams)
      if (request.body) await checkBody(request.clone())
      const run = () => handler(request, context)
      const response = isMediaWrite(request) ? await withImageWork(run) : await run()
      if (response.status < 500) return response
      if (!(await databaseReachable())) return databaseUnavailableResponse()
      // Payload answers a file missing from the media folder with a 500 (it logs "missing on the
      // disk"); to a client that is an image that is not there.
      if (isMediaFileRead(request)) return json({ error: 'Not Found' }, { status: 404 })
      return response
    } catch (error) {
      return errorResponse(error)
    }
  }
}

/** Collections whose ids are whole numbers (every one here; Postgres serial ids). */
const COLLECTIONS = new Set([
  'products',
  'delivery-areas',
  'orders',
  'media',
  'users',
  'admin-tokens',
  'payload-locked-documents',
  'payload-preferences',
])
/** Payload's routes under a collection that are not a document's id. */
const COLLECTION_ROUTES = new Set([
  'access',
  'count',
  'distinct',
  'versions',
  'file',
  'paste-url',
  'init',
  'login',
  'logout',
  'me',
  'refresh-token',
  'first-register',
  'forgot-password',
  'reset-password',
  'unlock',
])
const ID = /^\d{1,9}$/

/**
 * Whether Payload has something at this path: a document id that is not a whole number reached
 * the database as a cast error (500), and so did email verification, which the shop does not
 * use, and its migrations table, which is not for clients.
 */
function knownRoute(pathname: string): boolean {
  const [collection, first, second] = pathname.replace(/^\/cms\/api\/?/, '').split('/')
  if (!collection || !COLLECTIONS.has(collection) || first === undefined || first === '') {
    return collection !== 'payload-migrations'
  }
  if (COLLECTION_ROUTES.has(first)) {
    return second === undefined || first === 'file' || ID.test(second)
  }
  return ID.test(first)
}

/**
 * Operators Payload's Postgres adapter cannot run (`all`), or runs only on point fields, which
 * the shop has none of: each was a 500.
 */
const UNSUPPORTED_OPERATORS = /\[(all|near|within|intersects)\]$/

function checkParams(params: URLSearchParams): void {
  for (const key of params.keys()) {
    const operator = UNSUPPORTED_OPERATORS.exec(key)
    if (operator) {
      throw new BadInput(`The ${operator[1]} operator is not supported here.`, { field: key })
    }
  }
  for (const name of WHOLE_NUMBER_PARAMS) {
    const value = params.get(name)
    if (value === null) continue
    const number = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN
    const max = name === 'limit' ? MAX_PAGE_SIZE : name === 'depth' ? 10 : 1_000_000
    const min = name === 'page' ? 1 : 0
    if (!(number >= min && number <= max)) {
      throw new BadInput(`${name} must be a whole number from ${min} to ${max}.`, { field: name })
    }
  }
}

async function checkBody(request: Request): Promise<void> {
  const limit = bodyLimitOf(request.method, new URL(request.url).pathname)
  const bytes = await readBytes(request, limit.bytes)
  // The multipart boundary is case-sensitive (Chromium's is `----WebKitFormBoundaryBbHG7a…`):
  // only the media type is compared without case.
  const type = request.headers.get('content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
    } catch {
      throw new BadInput('The multipart body could not be read.', { field: 'body' })
    }
    for (const [name, value] of form) {
      if (typeof value !== 'string') continue
      if (name === '_payload') parseJsonText(value, name, limit.values)
      else assertStorableText(value, name)
    }
    return
  }
  if (bytes.byteLength === 0) return
  const text = new TextDecoder().decode(bytes)
  if (!type.toLowerCase().includes('json')) return assertStorableText(text, 'body')
  const body = parseJsonText(text, 'body', limit.values) as { query?: unknown } | null
  if (typeof body?.query === 'string') checkGraphqlShape(body.query, limit.values)
}

/**
 * GraphQL's parser recurses once per level of a query's selections: a query nested thousands
 * deep overflowed the stack. Its validation compares fields pairwise: a query of a hundred
 * thousand fields is minutes of work. Both counted here, outside strings and comments, before
 * it is parsed.
 */
function checkGraphqlShape(query: string, maxNames: number): void {
  let depth = 0
  let names = 0
  let inString = false
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '#') {
      const lineEnd = query.indexOf('\n', i)
      i = lineEnd === -1 ? query.length : lineEnd
    } else if (c === '{' || c === '(' || c === '[') {
      if (++depth > MAX_NESTING) {
        throw new BadInput(`query may be nested at most ${MAX_NESTING} levels deep.`, {
          field: 'query',
        })
      }
    } else if (c === '}' || c === ')' || c === ']') depth--
    else if (NAME_START.test(c) && !NAME_PART.test(query[i - 1] ?? ' ') && ++names > maxNames) {
      throw new TooManyValues('query', maxNames)
    }
  }
}

const NAME_START = /[_A-Za-z]/
const NAME_PART = /[_A-Za-z0-9]/

function isMediaFileRead(request: Request): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    new URL(request.url).pathname.startsWith(MEDIA_FILE_PREFIX)
  )
}

function isMediaWrite(request: Request): boolean {
  return request.method !== 'GET' && new URL(request.url).pathname.startsWith('/cms/api/media')
}
