import { MAX_IMAGE_BYTES } from '@/shared/image-type'
import {
  BANK_STATEMENT_MAX_BYTES,
  csvBodyLimit,
  PRICE_LIST_CSV_MAX_BYTES,
  PRODUCTS_CSV_MAX_BYTES,
  PROOF_MAX_BYTES,
} from './upload-limits'

/**
 * The largest body each family of routes takes, in one table: the front door
 * (body-guard.ts) refuses anything larger while it arrives, before Next or Payload sees it, and
 * `readJson` and the /cms guard bound the JSON they parse by the same family's `values`.
 */
export type BodyLimit = {
  /** Named in logs and tests. */
  family: string
  bytes: number
  /**
   * Keys, items and brackets a JSON body may hold (body.ts counts them before JSON.parse): two
   * million `{}` in 6 MB cost the 340 MB heap its life while parsed and walked.
   */
  values: number
}

export const JSON_BODY_LIMIT = 100_000
/** A real /cms edit, an order or a product holds some hundreds. */
export const JSON_VALUE_LIMIT = 10_000

/**
 * The CSV imports: the file in bytes (upload-limits.ts), on the wire as itself (`text/csv`) or
 * as a JSON string, whose escapes may double it: the larger is the family's limit, and the
 * import holds the decoded file to its own.
 */
export const PRODUCT_IMPORT_BODY_BYTES = csvBodyLimit(PRODUCTS_CSV_MAX_BYTES, 'json')
export const PRICE_LIST_IMPORT_BODY_BYTES = csvBodyLimit(PRICE_LIST_CSV_MAX_BYTES, 'json')

/** Larger than any image /cms accepts plus its form fields; Payload has no limit of its own. */
export const CMS_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 1_000_000
/** A product with its photo, as multipart, to the owner's API. */
export const PRODUCT_WITH_IMAGE_BODY_BYTES = MAX_IMAGE_BYTES + 200_000

const SIGN_IN: BodyLimit = { family: 'sign-in', bytes: 8_000, values: 100 }
/** Payload's panel posts its forms' state to its server functions (RSC-encoded). */
const CMS_PANEL: BodyLimit = { family: 'cms-panel', bytes: 1_000_000, values: JSON_VALUE_LIMIT }
const CMS_WRITE: BodyLimit = { family: 'cms-write', bytes: 1_000_000, values: JSON_VALUE_LIMIT }
const CMS_UPLOAD: BodyLimit = {
  family: 'cms-upload',
  bytes: CMS_UPLOAD_BODY_BYTES,
  values: JSON_VALUE_LIMIT,
}
const API_JSON: BodyLimit = { family: 'api-json', bytes: JSON_BODY_LIMIT, values: JSON_VALUE_LIMIT }
const PRODUCT_CREATE: BodyLimit = {
  family: 'product-create',
  bytes: PRODUCT_WITH_IMAGE_BODY_BYTES,
  values: JSON_VALUE_LIMIT,
}
const PRODUCT_IMPORT: BodyLimit = {
  family: 'product-import',
  bytes: PRODUCT_IMPORT_BODY_BYTES,
  values: 100,
}
const PRICE_LIST_IMPORT: BodyLimit = {
  family: 'price-list-import',
  bytes: PRICE_LIST_IMPORT_BODY_BYTES,
  values: 100,
}
/** A buyer's proof of payment: the file itself as the body, no JSON in it. */
const PAYMENT_PROOF: BodyLimit = { family: 'payment-proof', bytes: PROOF_MAX_BYTES, values: 100 }
/** A bank statement, as the file itself (read whole by its route, then parsed). */
const BANK_STATEMENT: BodyLimit = {
  family: 'bank-statement',
  bytes: BANK_STATEMENT_MAX_BYTES,
  values: 100,
}
/** GET, HEAD and OPTIONS carry no body the shop reads. */
const NO_BODY: BodyLimit = { family: 'no-body', bytes: 1_000, values: 100 }
const DEFAULT: BodyLimit = { family: 'default', bytes: 16_000, values: 1_000 }

/** First match wins; a path is compared without its query and trailing slash. */
const FAMILIES: ReadonlyArray<readonly [methods: RegExp, path: RegExp, limit: BodyLimit]> = [
  [/^(GET|HEAD|OPTIONS)$/, /./, NO_BODY],
  [
    /^POST$/,
    /^\/cms\/api\/users\/(login|logout|first-register|forgot-password|reset-password|refresh-token|unlock)$/,
    SIGN_IN,
  ],
  [/^POST$/, /^\/api\/account\/(sign-in|sign-out|password)$/, SIGN_IN],
  [/^POST$/, /^\/cms\/setup$/, SIGN_IN],
  [/./, /^\/cms\/api\/media(\/|$)/, CMS_UPLOAD],
  [/./, /^\/cms\/api(\/|$)/, CMS_WRITE],
  [/^POST$/, /^\/cms(\/|$)/, CMS_PANEL],
  [/^POST$/, /^\/api\/admin\/products\/import$/, PRODUCT_IMPORT],
  [/^POST$/, /^\/api\/admin\/price-lists\/[^/]+\/prices$/, PRICE_LIST_IMPORT],
  [/^POST$/, /^\/api\/admin\/products$/, PRODUCT_CREATE],
  [/^POST$/, /^\/api\/orders\/[^/]+\/payment-proofs$/, PAYMENT_PROOF],
  [/^POST$/, /^\/api\/admin\/bank-statements$/, BANK_STATEMENT],
  [/./, /^\/api(\/|$)/, API_JSON],
  [/./, /./, DEFAULT],
]

export function bodyLimitOf(method: string, url: string): BodyLimit {
  const path = url.split('?')[0]!.replace(/(.)\/+$/, '$1')
  for (const [methods, paths, limit] of FAMILIES) {
    if (methods.test(method) && paths.test(path)) return limit
  }
  return DEFAULT
}

/** Every family, for the tests and the README's table. */
export const BODY_FAMILIES: readonly BodyLimit[] = [
  NO_BODY,
  SIGN_IN,
  CMS_WRITE,
  CMS_UPLOAD,
  CMS_PANEL,
  API_JSON,
  PRODUCT_CREATE,
  PRODUCT_IMPORT,
  PRICE_LIST_IMPORT,
  PAYMENT_PROOF,
  BANK_STATEMENT,
  DEFAULT,
]
