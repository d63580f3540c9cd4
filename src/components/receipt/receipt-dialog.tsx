'use client'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { formatShopDateTime, formatShopDay } from '@/shared/dates'
import type { OrderDTO } from '@/modules/orders/order'
import {
  FREE_DELIVERY_NOTE,
  hasFreeDelivery,
  paymentLabel,
  receiptText,
  whatsappLink,
} from '@/modules/orders/receipt'
import { openPrintable } from '@/client/printable'
import { formatDeliveryDate } from '@/modules/delivery/schedule'
import { ReceiptLines } from './receipt-lines'
import { PayNow } from './pay-now'
import { ProofUpload } from './proof-upload'

type Props = {
  order: OrderDTO | undefined
  onClose: () => void
  shopName: string
  shopAddress: string | null
  whatsappNumber: string
  freeFromCents: number
}

export function ReceiptDialog({
  order,
  onClose,
  shopName,
  shopAddress,
  whatsappNumber,
  freeFromCents,
}: Props) {
  const toast = useToast()
  if (!order) return null
  const text = receiptText(order, shopName, freeFromCents)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast({
        title: 'Copied!',
        description: 'The receipt is on your clipboard.',
        variant: 'success',
      })
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Select the receipt and copy it by hand.',
        variant: 'error',
      })
    }
  }

  const printInvoice = async () => {
    const { invoiceHtml, invoiceOf } = await import('@/modules/orders/invoice')
    if (!openPrintable(invoiceHtml(invoiceOf(order, { shopName, shopAddress })))) {
      toast({
        title: 'Pop-up Blocked',
        description: 'Allow pop-ups for this shop to open the invoice.',
        variant: 'error',
      })
    }
  }

  return (
    <Dialog open onClose={onClose} title="Order Receipt" className="receipt-dialog">
      <article className="receipt" aria-label={`Receipt for order ${order.orderId}`}>
        <p className="receipt-success">Thank you! Your order has been placed successfully.</p>
        {order.payfast ? <PayNow payUrl={order.payfast.payUrl} /> : null}
        <p className="receipt-shop">{shopName}</p>
        <dl className="receipt-facts">
          <dt>Order ID</dt>
          <dd data-testid="receipt-order-id">{order.orderId}</dd>
          <dt>Date</dt>
          <dd>{formatShopDateTime(new Date(order.createdAt))}</dd>
          <dt>Customer</dt>
          <dd>{order.customer.name}</dd>
          <dt>Phone</dt>
          <dd>{order.customer.phone}</dd>
          <dt>Delivery Area</dt>
          <dd>{order.areaName}</dd>
          {order.deliveryDate ? (
            <>
              <dt>Delivery Date</dt>
              <dd data-testid="receipt-delivery-date">{formatDeliveryDate(order.deliveryDate)}</dd>
            </>
          ) : null}
          <dt>Payment</dt>
          <dd>{paymentLabel(order.payment)}</dd>
          {order.dueDate ? (
            <>
              <dt>Payment due</dt>
              <dd>{formatShopDay(order.dueDate)}</dd>
            </>
          ) : null}
          {order.customer.address ? (
            <>
              <dt>Address</dt>
              <dd>{order.customer.address}</dd>
            </>
          ) : null}
        </dl>
        <ReceiptLines order={order} />
        {hasFreeDelivery(order, freeFromCents) ? (
          <p className="free-note">{FREE_DELIVERY_NOTE}</p>
        ) : null}
      </article>
      {order.payment !== 'cash' && order.proofKey ? (
        <ProofUpload orderId={order.orderId} proofKey={order.proofKey} />
      ) : null}
      <div className="receipt-actions">
        <a
          className="button whatsapp"
          href={whatsappLink(whatsappNumber, text)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Send via WhatsApp
        </a>
        <button type="button" className="button" onClick={copy}>
          Copy
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button" onClick={() => void printInvoice()}>
          {order.vat ? 'Tax Invoice' : 'Invoice'}
        </button>
      </div>
    </Dialog>
  )
}
