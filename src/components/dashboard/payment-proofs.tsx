'use client'

import { paymentProofFile, paymentProofsQuery } from '@/client/admin-api'
import { useToast } from '@/components/ui/toast'
import { formatShopDateTime } from '@/shared/dates'
import { proofExtension, type PaymentProofDTO } from '@/modules/payment-proofs/proof'
import { failureToast } from './errors'
import { saveAs } from './download-csv'
import { useAdminData } from './use-admin-data'

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} kB`

/**
 * The proofs of payment the buyer sent for the order, each a download. A proof is not a
 * payment: the order is marked paid below, when the money is seen.
 */
export function PaymentProofs({ orderId }: { orderId: string }) {
  const { data } = useAdminData(paymentProofsQuery(orderId))
  const toast = useToast()

  const download = async (proof: PaymentProofDTO) => {
    try {
      const { file, name } = await paymentProofFile(orderId, proof.id)
      saveAs(file, name ?? `${orderId}-proof-${proof.id}.${proofExtension(proof.contentType)}`)
    } catch (error) {
      const message = failureToast(error, 'Error', 'Could not download the proof of payment.')
      if (message) toast(message)
    }
  }

  return (
    <dl className="facts">
      <dt>Proof of payment</dt>
      <dd data-testid="order-proofs">
        {!data ? (
          '…'
        ) : data.length === 0 ? (
          'None'
        ) : (
          <ul className="proofs" aria-label="Proofs of payment">
            {data.map((proof) => (
              <li key={proof.id}>
                <button type="button" className="link-button" onClick={() => void download(proof)}>
                  {proofExtension(proof.contentType).toUpperCase()}, {sizeText(proof.size)},{' '}
                  {formatShopDateTime(new Date(proof.uploadedAt))}
                </button>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  )
}
