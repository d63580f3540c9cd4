/**
 * A proof of payment a buyer uploaded for an order: a PDF or a photo of one. It is not a payment:
 * the order stays unpaid until a bank line matches it or the owner marks it paid.
 */
export type PaymentProofDTO = {
  id: number
  contentType: ProofType
  size: number
  sha256: string
  uploadedAt: string
}

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const
export type ProofType = (typeof PROOF_TYPES)[number]

/** The largest proof taken: decided from Content-Length before the body is read. */
export { PROOF_MAX_BYTES } from '@/platform/http/upload-limits'
/** How many proofs one order may hold. */
export const PROOF_MAX_COUNT = 5

export const PROOF_RECEIVED = 'Proof of payment received'
export const PROOF_HISTORY_LINE = 'Proof of payment uploaded'

/** The file extension a download is named with. */
export function proofExtension(type: ProofType): string {
  return {
    'application/pdf': 'pdf',
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
  }[type]
}
