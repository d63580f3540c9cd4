import { BadInput, UnsupportedMediaType } from '@/shared/errors'
import { assertStorableText, parseJsonText, readBytes } from '@/platform/http/body'
import { MAX_NESTING, TooManyValues } from '@/platform/http/json-shape'
import { databaseUnavailableResponse, errorResponse, json } from '@/platform/http/http'
import { withImageWork } from '@/platform/edge/images'
import { bodyLimitOf } from '@/platform/http/body-limits'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { databaseReachable } from '@/cms/payload'
import { restRoute } from '@/cms/rest-routes'
import { cookieValue } from '@/platform/http/cookies'
import {
  assertFromOwnPages,
  assertNotCrossSite,
  type OwnPagesRule,
} from '@/platform/http/same-site'
import config from '@payload-config'

type Handler<C> = (request: Request, context: C) => Promise<Response>

/** Paging parameters Payload passes to SQL as numbers: `limit=1e309` must not reach it. */
const WHOLE_NUMBER_PARAMS = ['limit', 'page', 'depth'] as const
const MAX_PAGE_SIZE = 1000

/**
 * Payload's REST API under the shop's input rules: only the routes Payload has, with ids read
 * strictly (rest-routes.ts; an id a query compares with is checked with the query, in
 * collections/shared/check-query.ts); bodies bounded (bytes and JSON values, by their family in
 * body-limits.ts; Payload has no limit of its own), free of NUL and broken Unicode, and a write's
 * a document; paging parameters whole numbers; image writes one at a time; and a failure while
 * the database is away a 503 rather than a 500. Bad input is a 4xx before Payload sees it.
 */
export function guardCms<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      const url = new URL(request.url)
      const method = payloadMethod(request)
      const route = restRoute(await config, method, url.pathname)
      if (!route) return json({ error: 'Not Found' }, { status: 404 })
      if (request.method !== 'GET') assertOwnPagesWrite(request, (await config).cookiePrefix)
      checkParams(url.searchParams)
      if (request.body) await checkBody(request.clone(), method, route.takesDocument)
      else if (route.takesDocument) throw noDocument()
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

function checkParams(params: URLSearchParams): void {
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

/** What Payload reads a document from: anything else left its data undefined, a 500. */
const JSON_TYPE = 'application/json'
const FORM_TYPE = 'multipart/form-data'

/**
 * The panel saves and uploads as multipart forms, and posts its long searches url-encoded (read
 * as a GET); another site's form can send either with the staff cookie without asking, so with
 * the cookie they are taken only from the shop's own pages (same-site.ts). A staff login in
 * `Authorization` is no cookie another site could borrow: only a browser's cross-site call is
 * refused, and the body is checked below.
 */
const CMS_WRITE: OwnPagesRule = {
  ownPages: 'Use /cms on the shop’s own pages.',
  sendJson: `Send the body as ${JSON_TYPE} (or ${FORM_TYPE} from the shop’s own /cms pages).`,
  formsFromOwnPages: [FORM_TYPE, 'application/x-www-form-urlencoded'],
}

function assertOwnPagesWrite(request: Request, cookiePrefix: string): void {
  const cookie = cookieValue(request.headers.get('cookie'), `${cookiePrefix}-token`)
  if (cookie === undefined) assertNotCrossSite(request, CMS_WRITE.ownPages)
  else assertFromOwnPages(request, CMS_WRITE)
}
const WRITES = new Set(['post', 'patch', 'put'])

/**
 * A body Payload can use: within its family's limits and the text rules, and for a write the
 * document as a JSON object, sent as JSON or in a multipart form's `_payload` (the media type
 * compared as Payload compares it). A GET sent as a POST (`X-Payload-HTTP-Method-Override`, the
 * panel's long relationship searches) carries its query string as a form and is read as one.
 */
async function checkBody(request: Request, method: string, takesDocument: boolean) {
  const limit = bodyLimitOf(request.method, new URL(request.url).pathname)
  const bytes = await readBytes(request, limit.bytes)
  // The multipart boundary is case-sensitive (Chromium's is `----WebKitFormBoundaryBbHG7a…`).
  const type = request.headers.get('content-type') ?? ''
  const mediaType = type.split(';', 1)[0]!
  const write = WRITES.has(request.method.toLowerCase())
  if (mediaType === FORM_TYPE) return checkForm(bytes, type, limit.values, write)
  if (bytes.byteLength === 0) {
    if (takesDocument) throw noDocument()
    return
  }
  const text = new TextDecoder().decode(bytes)
  if (write && method === 'get' && mediaType === 'application/x-www-form-urlencoded') {
    assertStorableText(text, 'body')
    return checkParams(new URLSearchParams(text))
  }
  if (mediaType !== JSON_TYPE) {
    if (write) throw new UnsupportedMediaType(`Send the body as ${JSON_TYPE} (or ${FORM_TYPE}).`)
    return assertStorableText(text, 'body')
  }
  const body = documentOf(parseJsonText(text, 'body', limit.values), 'body')
  if (typeof body.query === 'string') checkGraphqlShape(body.query, limit.values)
}

async function checkForm(
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  maxValues: number,
  write: boolean,
) {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    throw new BadInput('The multipart body could not be read.', { field: 'body' })
  }
  let document: unknown
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue
    if (name === '_payload') document = documentOf(parseJsonText(value, name, maxValues), name)
    else assertStorableText(value, name)
  }
  if (write && document === undefined) {
    throw new BadInput('A multipart body carries the document as JSON in its _payload field.', {
      field: '_payload',
    })
  }
}

const noDocument = () =>
  new BadInput(`The body is empty: send the document as a JSON object.`, { field: 'body' })

function documentOf(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadInput(`${field} must be a JSON object.`, { field })
  }
  return value as Record<string, unknown>
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

/** The method Payload serves a request as: a POST may ask to be read as a GET. */
function payloadMethod(request: Request): string {
  const asGet = ['x-payload-http-method-override', 'x-http-method-override'].some(
    (name) => request.headers.get(name) === 'GET',
  )
  const method = request.method.toLowerCase()
  return method === 'post' && asGet ? 'get' : method
}

function isMediaFileRead(request: Request): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    new URL(request.url).pathname.startsWith(MEDIA_FILE_PREFIX)
  )
}

function isMediaWrite(request: Request): boolean {
  return request.method !== 'GET' && new URL(request.url).pathname.startsWith('/cms/api/media')
}
