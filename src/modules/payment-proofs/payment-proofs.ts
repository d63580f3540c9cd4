import { createHash } from 'node:crypto'
import type { Payload } from 'payload'

import { Conflict, NotFound, Unauthorized } from '@/shared/errors'
import { inTransaction } from '@/platform/db/transaction'
import { addOrderEvents } from '@/modules/orders/repository'
import { checkProofFile } from './file-check'
import { isProofKey } from './proof-key'
import { PROOF_HISTORY_LINE, PROOF_MAX_COUNT, type PaymentProofDTO, type ProofType } from './proof'
import {
  insertProof,
  lockOrderOfProof,
  orderOfProof,
  proofFile,
  proofsOfOrder,
  type ProofUploader,
} from './repository'

/** Who asks about an order's proofs: the receipt's key, and the trade buyer signed in, if any. */
export type OrderHolder = { key: string | undefined; accountId: number | undefined }

/**
 * How the holder holds `orderId`: its receipt's key, or their sign-in when it is their account's
 * order. 401 with neither; 404 when neither holds this order, so a guessed order id says nothing
 * about whether it exists.
 */
export async function holdingOf(
  shop: Payload,
  orderId: string,
  holder: OrderHolder,
): Promise<{ orderDbId: number; by: ProofUploader }> {
  if (!holder.key && holder.accountId === undefined) throw new Unauthorized()
  const order = await orderOfProof(shop.db.pool, orderId)
  const notFound = () => new NotFound(`No order ${orderId}.`, { orderId })
  if (!order) throw notFound()
  if (holder.key && isProofKey(orderId, holder.key)) return { orderDbId: order.id, by: 'receipt' }
  if (holder.accountId !== undefined && order.trade_account_id === holder.accountId) {
    return { orderDbId: order.id, by: 'account' }
  }
  throw notFound()
}

/** The order's proofs, for whoever holds it. */
export async function heldProofs(
  shop: Payload,
  orderId: string,
  holder: OrderHolder,
): Promise<PaymentProofDTO[]> {
  const { orderDbId } = await holdingOf(shop, orderId, holder)
  return proofsOfOrder(shop.db.pool, orderDbId)
}

/**
 * Keeps a proof of payment for an order whoever holds it sends: checked by its bytes (checkProofFile),
 * at most PROOF_MAX_COUNT an order, counted under the order's lock. The order's history says it
 * came; the order stays as paid or unpaid as it was. The same file again is answered with the
 * proof already kept (`created: false`) and counts once.
 */
export async function uploadProof(
  shop: Payload,
  orderId: string,
  holder: OrderHolder,
  readFile: () => Promise<Uint8Array>,
): Promise<{ proof: PaymentProofDTO; proofs: PaymentProofDTO[]; created: boolean }> {
  const { by } = await holdingOf(shop, orderId, holder)
  const bytes = await readFile()
  const contentType: ProofType = checkProofFile(bytes)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return inTransaction(shop.db.pool, async (client) => {
    const order = await lockOrderOfProof(client, orderId)
    if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
    const kept = await proofsOfOrder(client, order.id)
    const same = kept.find((p) => p.sha256 === sha256)
    if (same) return { proof: same, proofs: kept, created: false }
    if (kept.length >= PROOF_MAX_COUNT) {
      throw new Conflict(
        `This order already has ${PROOF_MAX_COUNT} proofs of payment: no more can be added.`,
        { orderId, limit: PROOF_MAX_COUNT },
      )
    }
    const proof = await insertProof(client, {
      order_id: order.id,
      content_type: contentType,
      size: bytes.byteLength,
      sha256,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      uploaded_by: by,
    })
    await addOrderEvents(client, order.id, 'customer', [
      { kind: 'payment', message: PROOF_HISTORY_LINE },
    ])
    return { proof, proofs: [...kept, proof], created: true }
  })
}

/** The order's proofs as the owner lists them (the key was checked by the route). */
export async function ownersProofs(shop: Payload, orderId: string): Promise<PaymentProofDTO[]> {
  const order = await orderOfProof(shop.db.pool, orderId)
  if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
  return proofsOfOrder(shop.db.pool, order.id)
}

/** One proof's file for the owner (the key was checked by the route). */
export async function ownersProofFile(shop: Payload, orderId: string, proofId: number) {
  const file = await proofFile(shop.db.pool, orderId, proofId)
  if (!file) throw new NotFound(`No proof of payment ${proofId} on order ${orderId}.`, { orderId })
  return file
}
