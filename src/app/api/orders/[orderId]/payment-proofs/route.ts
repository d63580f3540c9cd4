import { getShop } from '@/cms/payload'
import { orderHolderOf } from '@/app/_server/order-holder'
import { assertDeclaredSize, declaredProofType } from '@/modules/payment-proofs/file-check'
import { heldProofs, uploadProof } from '@/modules/payment-proofs/payment-proofs'
import { PROOF_MAX_BYTES } from '@/modules/payment-proofs/proof'
import { proofOrderSchema } from '@/modules/payment-proofs/schemas'
import { readBytes } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { assertNotCrossSite } from '@/platform/http/same-site'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ orderId: string }> }

const OWN_PAGES = 'Upload the proof of payment from the shop’s own pages.'

/** The order's proofs of payment, for whoever holds it (its receipt's key or the buyer's sign-in). */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { orderId } = parseWith(proofOrderSchema, await params)
  const shop = await getShop()
  return json({ proofs: await heldProofs(shop, orderId, await orderHolderOf(shop, request)) })
})

/**
 * A proof of payment, the file itself as the body (Content-Type: application/pdf, image/jpeg,
 * image/png or image/webp). Its size is judged from Content-Length before a byte is read, and who
 * sends it before the body is read; its type then by its bytes. 201 with the proof kept.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertNotCrossSite(request, OWN_PAGES)
  assertDeclaredSize(request.headers.get('content-length'))
  declaredProofType(request.headers.get('content-type'))
  const { orderId } = parseWith(proofOrderSchema, await params)
  const shop = await getShop()
  const holder = await orderHolderOf(shop, request)
  const { proof, proofs, created } = await uploadProof(shop, orderId, holder, () =>
    readBytes(request, PROOF_MAX_BYTES),
  )
  return json({ proof, proofs }, { status: created ? 201 : 200 })
})
