'use client'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import type { OrderDTO } from '@/modules/orders/order'
import {
  FREE_DELIVERY_NOTE,
  hasFreeDelivery,
  paymentLabel,
  invoiceNumberText,
  receiptText,
  whatsappLink,
} from '@/modules/orders/receipt'
import { openPrintable } from '@/client/printable'

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
  const money = (rands: number) => formatRand(toCents(rands))

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
          <dt>Payment</dt>
          <dd>{paymentLabel(order.payment)}</dd>
          {order.customer.address ? (
            <>
              <dt>Address</dt>
              <dd>{order.customer.address}</dd>
            </>
          ) : null}
        </dl>
        <table className="receipt-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.sku}>
                <td>{item.name}</td>
                <td>{item.quantity}</td>
                <td>{formatRand(toCents(item.price) * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="receipt-totals">
          <dt>Subtotal</dt>
          <dd>{money(order.subtotal)}</dd>
          <dt>Delivery Fee</dt>
          <dd>{money(order.fee)}</dd>
          <dt className="total">Total</dt>
          <dd className="total" data-testid="receipt-total">
            {money(order.total)}
          </dd>
          {order.vat ? (
            <>
              <dt>VAT included ({order.vat.rate}%)</dt>
              <dd>{money(order.vat.amount)}</dd>
              <dt>VAT number</dt>
              <dd>{order.vat.sellerVatNumber}</dd>
              <dt>Tax invoice</dt>
              <dd>{invoiceNumberText(order.invoiceNumber)}</dd>
            </>
          ) : null}
        </dl>
        {hasFreeDelivery(order, freeFromCents) ? (
          <p className="free-note">{FREE_DELIVERY_NOTE}</p>
        ) : null}
      </article>
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
