import { formatShopDateTime } from './dates'
import { formatRand, multiplyCents, toCents } from './money'
import type { OrderDTO } from './order'

export const FREE_DELIVERY_NOTE = 'Free delivery discount applied!'

/** The spec: cash is "Cash on Delivery"; any other value is shown as a shop-to-shop transfer. */
export function paymentLabel(payment: string): string {
  return payment === 'cash' ? 'Cash on Delivery' : 'Shop-to-Shop Transfer'
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
    `Payment: ${paymentLabel(order.payment)}`,
  ]
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
  return lines.join('\n')
}

export function whatsappLink(businessNumber: string, text: string): string {
  return `https://wa.me/${businessNumber.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}
