/**
 * How large a CSV import may be, in bytes of the file's UTF-8 text (a character outside ASCII is
 * 2 to 4 of them). A `text/csv` body is the file itself, so it may be this many bytes on the wire.
 * A JSON body carries the file as a string, escaped (a quote or a line break takes two bytes,
 * `\u00e9` six): it may be CSV_JSON_BODY_FACTOR times the limit on the wire, and the string, once
 * decoded, is still held to the limit. Past either: 413, and nothing is written.
 */
export const PRODUCTS_CSV_MAX_BYTES = 64 * 1024 * 1024
export const PRICE_LIST_CSV_MAX_BYTES = 16 * 1024 * 1024

/**
 * A bank statement (OFX or a bank's CSV export), sent as the file itself: a year of a busy
 * account's lines is well under 1 MB, and the file is read whole before it is parsed.
 */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024

/** JSON.stringify of any CSV file (quotes and line breaks doubled) is at most twice its size. */
export const CSV_JSON_BODY_FACTOR = 2

/** The most bytes a body carrying a CSV file of at most `csvBytes` may have, by its kind. */
export function csvBodyLimit(csvBytes: number, kind: 'csv' | 'json'): number {
  return kind === 'csv' ? csvBytes : csvBytes * CSV_JSON_BODY_FACTOR
}

/** Whether a request's Content-Type says it is the CSV file itself rather than JSON. */
export function isCsvContentType(contentType: string | null): boolean {
  return /^\s*text\/csv\s*(;|$)/i.test(contentType ?? '')
}

/** The largest proof of payment a buyer may upload (modules/payment-proofs): the file itself. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024
