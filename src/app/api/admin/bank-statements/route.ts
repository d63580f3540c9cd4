import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { importStatement } from '@/modules/payments/bank-statements'
import { readBytes } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { BANK_STATEMENT_MAX_BYTES } from '@/platform/http/upload-limits'
import { BadInput } from '@/shared/errors'

export const dynamic = 'force-dynamic'

/**
 * A bank statement, the file itself as the body (OFX, or a bank's CSV export): at most 5 MB,
 * refused (413) before it is parsed. Answers how many credit lines were new and how many were
 * known already, and how the new ones were matched (docs/payments.md).
 */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const bytes = await readBytes(request, BANK_STATEMENT_MAX_BYTES)
    if (bytes.byteLength === 0)
      throw new BadInput('Send the statement file as the body (OFX or the bank’s CSV export).', {
        field: 'body',
      })
    return json(await importStatement(await getShop(), bytes, adminActor(request)), {
      status: 201,
    })
  }),
)
