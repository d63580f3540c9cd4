import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { listBankLines } from '@/modules/payments/bank-statements'
import { linesQuerySchema } from '@/modules/payments/schemas'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The imported bank lines, newest first, in one state (`?status=`) or all. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const { status } = parseWith(
      linesQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    )
    return json(await listBankLines(await getShop(), status))
  }),
)
