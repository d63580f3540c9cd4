import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { orderDocumentHtml, serverMessage } from '@/client/admin-api'
import { openPrintable } from '@/client/printable'
import { creditNoteNumberText } from '@/modules/orders/receipt'
import type { FullOrder } from './order-facts'

/**
 * The order's tax documents, as the server renders them, each opened in a new tab to print or
 * save as PDF: its invoice, and for a cancelled order the credit note that cancelled it.
 */
export function PrintInvoice({ order }: { order: FullOrder }) {
  return (
    <>
      <PrintDocument
        order={order}
        document="invoice"
        text={order.vat ? 'Print tax invoice' : 'Print invoice'}
        name="the invoice"
      />
      {order.creditNote ? (
        <PrintDocument
          order={order}
          document="credit-note"
          text={`Print credit note ${creditNoteNumberText(order.creditNote.number)}`}
          name="the credit note"
        />
      ) : null}
    </>
  )
}

/** One document's button: `number` picks one of the order's credit notes. */
export function PrintDocument({
  order,
  document,
  number,
  text,
  label,
  name,
}: {
  order: FullOrder
  document: 'invoice' | 'credit-note'
  number?: number
  text: string
  /** The button's accessible name, when its text alone says too little. */
  label?: string
  name: string
}) {
  const toast = useToast()
  const [opening, setOpening] = useState(false)
  const open = async () => {
    setOpening(true)
    try {
      if (!openPrintable(await orderDocumentHtml(order.orderId, document, number))) {
        toast({
          title: 'Pop-up Blocked',
          description: `Allow pop-ups for this shop to open ${name}.`,
          variant: 'error',
        })
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? `Failed to load ${name}`,
        variant: 'error',
      })
    } finally {
      setOpening(false)
    }
  }
  return (
    <button
      type="button"
      className="button"
      disabled={opening}
      aria-label={label}
      onClick={() => void open()}
    >
      {text}
    </button>
  )
}
