import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { adminFetch, serverMessage } from '@/client/admin-api'
import { openPrintable } from '@/client/printable'
import type { FullOrder } from './order-facts'

/** Opens the order's invoice, as the server renders it, in a new tab to print or save as PDF. */
export function PrintInvoice({ order }: { order: FullOrder }) {
  const toast = useToast()
  const [opening, setOpening] = useState(false)
  const open = async () => {
    setOpening(true)
    try {
      const res = await adminFetch(`/api/admin/orders/${encodeURIComponent(order.orderId)}/invoice`)
      if (!openPrintable(await res.text())) {
        toast({
          title: 'Pop-up Blocked',
          description: 'Allow pop-ups for this shop to open the invoice.',
          variant: 'error',
        })
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to load the invoice',
        variant: 'error',
      })
    } finally {
      setOpening(false)
    }
  }
  return (
    <button type="button" className="button" disabled={opening} onClick={() => void open()}>
      {order.vat ? 'Print tax invoice' : 'Print invoice'}
    </button>
  )
}
