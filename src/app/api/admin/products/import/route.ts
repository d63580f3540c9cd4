import { z } from 'zod'

import { adminActor, adminOnly } from '@/lib/server/admin-auth'
import { readJson } from '@/lib/server/body'
import { handle, json } from '@/lib/server/http'
import { importProducts } from '@/lib/server/product-import'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

const MAX_CSV_BYTES = 64 * 1024 * 1024

const importSchema = z.object({
  csvData: z
    .string({ error: 'csvData is required: the CSV file as text' })
    .min(1, 'csvData is required: the CSV file as text'),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

export const POST = handle(
  adminOnly(async (request: Request) => {
    const { csvData, dryRun } = parseWith(
      importSchema,
      await readJson(request, MAX_CSV_BYTES + 10_000),
    )
    return json(await importProducts(csvData, dryRun, adminActor(request)))
  }),
)
