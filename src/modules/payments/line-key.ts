import { createHash } from 'node:crypto'

import type { StatementLine } from './bank-csv'

/**
 * The key a bank line is kept once by: the bank's own transaction id where the file has one
 * (OFX's FITID, with its account), else its day, amount, description (spaces and case aside) and
 * running balance, hashed. The same line in a second or overlapping statement has the same key.
 */
export function lineKey(line: StatementLine): string {
  if (line.transactionId) return `fitid:${line.transactionId}`
  const description = line.description.replace(/\s+/g, ' ').trim().toUpperCase()
  const parts = [line.day, String(line.cents), description, String(line.balanceCents ?? '')]
  return `line:${createHash('sha256').update(parts.join('\u0000')).digest('hex')}`
}
