import type { Pool, PoolClient } from 'pg'

import { col, insertRow, selectList, tableShape, type PartOf } from '@/platform/db/row-shape'
import { ORDERS } from '@/modules/orders/order-row'
import { phoneKeyOf } from '@/modules/orders/repository'
import type { PROOF_TYPES, PaymentProofDTO } from './proof'

type Queryable = Pick<PoolClient, 'query'>

/** A proof of payment's row (migration 20261128_120000_payment_proofs). */
export const PAYMENT_PROOFS = tableShape('payment_proofs', {
  id: col.int(),
  order_id: col.int(),
  content_type: col.text<(typeof PROOF_TYPES)[number]>(),
  size: col.int(),
  sha256: col.text(),
  bytes: col.bytea(),
  uploaded_by: col.text<ProofUploader>(),
  uploaded_at: col.time(),
})

/** How the uploader showed they hold the order: the receipt's key, or their trade sign-in. */
export type ProofUploader = 'receipt' | 'account'

const FACTS = ['id', 'content_type', 'size', 'sha256', 'uploaded_at'] as const
type ProofFacts = PartOf<typeof PAYMENT_PROOFS, (typeof FACTS)[number]>

export function toProofDTO(row: ProofFacts): PaymentProofDTO {
  return {
    id: row.id,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    uploadedAt: row.uploaded_at.toISOString(),
  }
}

/** The order a proof is for, its row locked until the transaction ends; undefined: none. */
export async function lockOrderOfProof(
  client: PoolClient,
  orderId: string,
): Promise<PartOf<typeof ORDERS, 'id' | 'trade_account_id'> | undefined> {
  const { rows } = await client.query<PartOf<typeof ORDERS, 'id' | 'trade_account_id'>>(
    `SELECT ${selectList(ORDERS, 'o', ['id', 'trade_account_id'])} FROM ${ORDERS.name} o
      WHERE o.order_id = $1 FOR UPDATE`,
    [orderId],
  )
  return rows[0]
}

/** The order's database id and trade account, by its order id; undefined: none. */
export async function orderOfProof(
  client: Queryable,
  orderId: string,
): Promise<PartOf<typeof ORDERS, 'id' | 'trade_account_id'> | undefined> {
  const { rows } = await client.query<PartOf<typeof ORDERS, 'id' | 'trade_account_id'>>(
    `SELECT ${selectList(ORDERS, 'o', ['id', 'trade_account_id'])} FROM ${ORDERS.name} o
      WHERE o.order_id = $1`,
    [orderId],
  )
  return rows[0]
}

/** An order's proofs, oldest first, without their bytes. */
export async function proofsOfOrder(client: Queryable, orderDbId: number) {
  const { rows } = await client.query<ProofFacts>(
    `SELECT ${selectList(PAYMENT_PROOFS, 'p', FACTS)} FROM ${PAYMENT_PROOFS.name} p
      WHERE p.order_id = $1 ORDER BY p.id`,
    [orderDbId],
  )
  return rows.map(toProofDTO)
}

export async function insertProof(
  client: PoolClient,
  proof: Omit<
    PartOf<typeof PAYMENT_PROOFS, Exclude<keyof typeof PAYMENT_PROOFS.columns, 'id'>>,
    'uploaded_at'
  >,
): Promise<PaymentProofDTO> {
  const { text, values } = insertRow(PAYMENT_PROOFS, proof, FACTS)
  const { rows } = await client.query<ProofFacts>(text, values)
  return toProofDTO(rows[0]!)
}

/** One proof's file, by the order it belongs to (so no id reaches another order's file). */
export async function proofFile(
  pool: Pool,
  orderId: string,
  proofId: number,
): Promise<PartOf<typeof PAYMENT_PROOFS, 'content_type' | 'bytes' | 'sha256'> | undefined> {
  const { rows } = await pool.query<
    PartOf<typeof PAYMENT_PROOFS, 'content_type' | 'bytes' | 'sha256'>
  >(
    `SELECT ${selectList(PAYMENT_PROOFS, 'p', ['content_type', 'bytes', 'sha256'])}
       FROM ${PAYMENT_PROOFS.name} p JOIN ${ORDERS.name} o ON o.id = p.order_id
      WHERE o.order_id = $1 AND p.id = $2`,
    [orderId, proofId],
  )
  return rows[0]
}

/**
 * Deletes the proofs of payment of every order placed with this phone number (`key` as phoneKey
 * makes it): a bank's slip names the payer and their account, and is no tax record. How many.
 */
export async function deleteProofsOfPhone(client: Queryable, key: string): Promise<number> {
  const { rowCount } = await client.query(
    `DELETE FROM ${PAYMENT_PROOFS.name} p USING ${ORDERS.name} o
      WHERE o.id = p.order_id AND ${phoneKeyOf('o.customer_phone')} = $1`,
    [key],
  )
  return rowCount ?? 0
}
