import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { ownersProofFile } from '@/modules/payment-proofs/payment-proofs'
import { proofExtension } from '@/modules/payment-proofs/proof'
import { proofFileSchema } from '@/modules/payment-proofs/schemas'
import { handle } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string; proof: string }> }

/**
 * One proof's file, as a download: its type as its bytes showed it, never sniffed again by the
 * browser, and a policy under which nothing in it runs or loads, should it be opened here.
 */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id, proof } = parseWith(proofFileSchema, await params)
    const file = await ownersProofFile(await getShop(), id, proof)
    const name = `${id}-proof-${proof}.${proofExtension(file.content_type)}`
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'content-type': file.content_type,
        'content-length': String(file.bytes.byteLength),
        'content-disposition': `attachment; filename="${name}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
        etag: `"${file.sha256}"`,
      },
    })
  }),
)
