import type { PaymentProofDTO } from '@/modules/payment-proofs/proof'
import { PROOF_MAX_BYTES } from '@/modules/payment-proofs/proof'

/** A buyer's proof-of-payment calls: the receipt's key, or their sign-in cookie, proves the order. */

export type ProofAnswer = { ok: true; proofs: PaymentProofDTO[] } | { ok: false; error: string }

const pathOf = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/payment-proofs`
const keyHeader = (key: string | undefined): Record<string, string> =>
  key ? { 'x-proof-key': key } : {}

export const PROOF_TOO_LARGE = 'The file is too large (limit 5 MB).'
export const PROOF_FAILED = 'The proof of payment could not be sent. Please try again.'

/** Sends the file as it is; one too large is refused here before a byte goes. */
export async function sendProof(
  orderId: string,
  key: string | undefined,
  file: File,
): Promise<ProofAnswer> {
  if (file.size > PROOF_MAX_BYTES) return { ok: false, error: PROOF_TOO_LARGE }
  try {
    const res = await fetch(pathOf(orderId), {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream', ...keyHeader(key) },
      body: file,
      credentials: 'same-origin',
    })
    const answer = (await res.json().catch(() => ({}))) as {
      proofs?: PaymentProofDTO[]
      error?: string
    }
    if (res.ok && answer.proofs) return { ok: true, proofs: answer.proofs }
    return { ok: false, error: answer.error ?? PROOF_FAILED }
  } catch {
    return { ok: false, error: PROOF_FAILED }
  }
}

/** The proofs already sent for the order; none when they cannot be read. */
export async function proofsSent(
  orderId: string,
  key: string | undefined,
): Promise<PaymentProofDTO[]> {
  try {
    const res = await fetch(pathOf(orderId), {
      headers: keyHeader(key),
      cache: 'no-store',
      credentials: 'same-origin',
    })
    if (!res.ok) return []
    return ((await res.json()) as { proofs: PaymentProofDTO[] }).proofs
  } catch {
    return []
  }
}
