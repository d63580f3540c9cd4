'use client'

import { useEffect, useState } from 'react'

import { proofsSent, sendProof } from '@/client/proof-api'
import {
  PROOF_MAX_COUNT,
  PROOF_RECEIVED,
  PROOF_TYPES,
  type PaymentProofDTO,
} from '@/modules/payment-proofs/proof'

/**
 * The buyer's proof of payment for an order they hold (its receipt's key, or their sign-in):
 * a PDF or a photo of it, sent as chosen. A proof is not a payment: the shop marks the order
 * paid when the money is seen.
 */
export function ProofUpload({ orderId, proofKey }: { orderId: string; proofKey?: string }) {
  const [proofs, setProofs] = useState<PaymentProofDTO[]>([])
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void proofsSent(orderId, proofKey).then((kept) => live && setProofs(kept))
    return () => {
      live = false
    }
  }, [orderId, proofKey])

  const send = async (file: File | undefined) => {
    if (!file) return
    setSending(true)
    setError(null)
    const answer = await sendProof(orderId, proofKey, file)
    setSending(false)
    if (answer.ok) setProofs(answer.proofs)
    else setError(answer.error)
  }

  return (
    <section className="proof-upload" aria-label="Proof of payment">
      <h3>Proof of payment</h3>
      {proofs.length > 0 ? (
        <p className="proof-received" role="status" data-testid="proof-received">
          {PROOF_RECEIVED}
        </p>
      ) : (
        <p className="proof-hint">Paid by EFT? Send the shop your proof of payment.</p>
      )}
      {proofs.length < PROOF_MAX_COUNT ? (
        <label className="proof-file">
          {proofs.length > 0 ? 'Send another file' : 'Upload proof of payment'} (PDF, JPEG, PNG or
          WebP, up to 5 MB)
          <input
            type="file"
            accept={PROOF_TYPES.join(',')}
            disabled={sending}
            onChange={(event) => {
              void send(event.target.files?.[0])
              event.target.value = ''
            }}
          />
        </label>
      ) : null}
      {sending ? <p aria-busy="true">Sending…</p> : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
