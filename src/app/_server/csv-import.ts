import { z } from 'zod'

import { readJson } from '@/platform/http/body'
import { parseWith } from '@/platform/http/validation'
import { PayloadTooLarge } from '@/shared/errors'

const importSchema = z.object({
  csvData: z
    .string({ error: 'csvData is required: the CSV file as text' })
    .min(1, 'csvData is required: the CSV file as text'),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

/**
 * An import's body, `{csvData, dryRun?}`, with the file at most `maxCsvBytes` (413 past it).
 * JSON escapes the file's quotes and line breaks: the body may be an eighth larger.
 */
export async function csvImportBody(
  request: Request,
  maxCsvBytes: number,
): Promise<{ csvData: string; dryRun: boolean }> {
  const body = parseWith(importSchema, await readJson(request, maxCsvBytes + maxCsvBytes / 8))
  if (body.csvData.length > maxCsvBytes) throw new PayloadTooLarge(maxCsvBytes)
  return body
}
