'use client'

import { useState } from 'react'

import { ProofUpload } from '@/components/receipt/proof-upload'

/**
 * On the trade buyer's statement: a proof of payment for one of their open invoices, their
 * sign-in proving the order is theirs. It does not settle the invoice: the shop records the
 * payment when the money is seen.
 */
export function AccountProofs({ orderIds }: { orderIds: string[] }) {
  const [orderId, setOrderId] = useState(orderIds[0])
  if (!orderId) return null
  return (
    <section className="account-proofs" aria-label="Send a proof of payment">
      <h2>Send a proof of payment</h2>
      <label>
        Order
        <select value={orderId} onChange={(event) => setOrderId(event.target.value)}>
          {orderIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <ProofUpload key={orderId} orderId={orderId} />
    </section>
  )
}
