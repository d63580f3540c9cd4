import { formatShopDateTime, formatShopDay } from '@/shared/dates'
import { formatRand, multiplyCents, toCents } from '@/shared/money'
import { formatDeliveryDate } from '@/modules/delivery/schedule'
import { PAYFAST_LABEL } from '@/modules/payfast/schemas'
import type { OrderDTO, OrderVat } from './order'

export const FREE_DELIVERY_NOTE = 'Free delivery discount applied!'

/**
 * The spec: cash is "Cash on Delivery"; a trade buyer's order on account is "On Account"; any
 * other value is shown as a shop-to-shop transfer, except PayFast's, which names itself.
 */
export function paymentLabel(payment: string): string {
  return payment === 'cash'
    ? 'Cash on Delivery'
    : payment === 'account'
      ? 'On Account'
      : payment === 'payfast'
        ? PAYFAST_LABEL
        : 'Shop-to-Shop Transfer'
}

export function hasFreeDelivery(order: Pick<OrderDTO, 'fee' | 'subtotal'>, thresholdCents: number) {
  return order.fee === 0 && toCents(order.subtotal) >= thresholdCents
}

/** The receipt as plain text: what is copied and what the WhatsApp message says. */
export function receiptText(order: OrderDTO, shopName: string, thresholdCents: number): string {
  const lines = [
    `${shopName}: Order Receipt`,
    `Order ID: ${order.orderId}`,
    `Date: ${formatShopDateTime(new Date(order.createdAt))}`,
    `Customer: ${order.customer.name}`,
    `Phone: ${order.customer.phone}`,
    `Delivery Area: ${order.areaName}`,
    // Only an area with delivery days gives the order a date: the spec's receipt is kept otherwise.
    ...(order.deliveryDate ? [deliveryDateLine(order.deliveryDate)] : []),
    `Payment: ${paymentLabel(order.payment)}`,
  ]
  if (order.dueDate) lines.push(`Payment due: ${formatShopDay(order.dueDate)}`)
  if (order.customer.address) lines.push(`Address: ${order.customer.address}`)
  lines.push('', 'Items:')
  for (const item of order.items) {
    const lineTotal = multiplyCents(toCents(item.price), item.quantity)
    lines.push(
      `${item.quantity} x ${item.name} @ ${formatRand(toCents(item.price))} = ${formatRand(lineTotal)}`,
    )
  }
  lines.push(
    '',
    `Subtotal: ${formatRand(toCents(order.subtotal))}`,
    `Delivery Fee: ${formatRand(toCents(order.fee))}`,
  )
  if (hasFreeDelivery(order, thresholdCents)) lines.push(FREE_DELIVERY_NOTE)
  lines.push(`Total: ${formatRand(toCents(order.total))}`)
  if (order.vat) lines.push(...vatLines(order.vat, order.invoiceNumber))
  return lines.join('\n')
}

/** The receipt's delivery line: "Delivery Date: Friday 4 December 2026". */
export function deliveryDateLine(day: string): string {
  return `Delivery Date: ${formatDeliveryDate(day)}`
}

export function whatsappLink(businessNumber: string, text: string): string {
  return `https://wa.me/${businessNumber.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}

/**
 * What a VAT-registered shop's receipt adds under the total: the VAT it includes, the shop's VAT
 * number and the tax invoice's number.
 */
export function vatLines(vat: OrderVat, invoiceNumber: number): string[] {
  return [
    `VAT included (${vat.rate}%): ${formatRand(toCents(vat.amount))}`,
    `VAT number: ${vat.sellerVatNumber}`,
    `Tax invoice: ${invoiceNumberText(invoiceNumber)}`,
  ]
}

/** The invoice number as printed: the order's place in the shop's sequence, six digits at least. */
export function invoiceNumberText(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`
}

/** A credit note's number as printed: CN-000001, its own series beside the invoices'. */
export function creditNoteNumberText(creditNoteNumber: number): string {
  return `CN-${String(creditNoteNumber).padStart(6, '0')}`
}
