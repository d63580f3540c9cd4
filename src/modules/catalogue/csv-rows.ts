import type { z } from 'zod'

import { BadInput } from '@/shared/errors'

/** What is wrong with one row of an imported CSV file (the header is line 1). */
export type RowError = { line: number; field: string; message: string }

const MAX_REPORTED_ERRORS = 200

/** A row's schema issues, each by the field it is about. */
export function issueErrors(line: number, error: z.ZodError): RowError[] {
  return error.issues.map((issue) => ({
    line,
    field: issue.path.join('.') || 'row',
    message: issue.message,
  }))
}

/**
 * Notes that `sku` is on `line`, or says which line had it before: skus are one product
 * whatever their case, as the database's unique index says.
 */
export function repeatedSku(
  seen: Map<string, number>,
  sku: string,
  line: number,
): RowError | undefined {
  const key = sku.toLowerCase()
  const earlier = seen.get(key)
  if (earlier) return { line, field: 'sku', message: `sku ${sku} is already on line ${earlier}` }
  seen.set(key, line)
  return undefined
}

/** The 400 that refuses a whole file, with its rows' errors in line order (the first 200). */
export function refusedFile(errors: RowError[]): BadInput {
  const lines = new Set(errors.map((e) => e.line)).size
  return new BadInput(
    `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
    {
      rows: errors.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS),
    },
  )
}
