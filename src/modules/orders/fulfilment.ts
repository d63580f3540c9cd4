import { formatRand, toCents } from '@/shared/money'
import type { PaymentMethod } from './schemas'

/** Where an order is, in the order it gets there; Cancelled stands aside. */
export const FULFILMENT_STATUSES = [
  'new',
  'confirmed',
  'packed',
  'out-for-delivery',
  'delivered',
  'cancelled',
] as const
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number]

export const STATUS_LABELS: Record<FulfilmentStatus, string> = {
  new: 'New',
  confirmed: 'Confirmed',
  packed: 'Packed',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/** What the owner's button says for moving an order to a status. */
export const STEP_ACTIONS: Record<Exclude<FulfilmentStatus, 'new'>, string> = {
  confirmed: 'Confirm',
  packed: 'Mark as packed',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
}

const FORWARD: readonly FulfilmentStatus[] = FULFILMENT_STATUSES.slice(0, 5)

/**
 * Why an order in `from` cannot move to `to`, or null when it can: forward along the way (a
 * skipped step is fine), or Cancelled from anything before Delivered. Never backward.
 */
export function refusedMove(from: FulfilmentStatus, to: FulfilmentStatus): string | null {
  const [now, next] = [STATUS_LABELS[from], STATUS_LABELS[to]]
  if (from === to) return `The order is already ${now}.`
  if (from === 'cancelled') return `The order is Cancelled; it cannot become ${next}.`
  if (to === 'cancelled') {
    return from === 'delivered' ? 'A Delivered order cannot be cancelled.' : null
  }
  if (FORWARD.indexOf(to) < FORWARD.indexOf(from)) {
    return `The order is ${now}; it cannot go back to ${next}.`
  }
  return null
}

/** The one step forward from `status`, if there is one: the owner's main button. */
export function nextStep(status: FulfilmentStatus): FulfilmentStatus | undefined {
  const at = FORWARD.indexOf(status)
  return at >= 0 && at < FORWARD.length - 1 ? FORWARD[at + 1] : undefined
}

/**
 * A South African number as wa.me wants it: country code 27 and the national number, digits
 * only. A local 0XX number drops its 0; 0027 and +27 are the same number.
 */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.startsWith('00')) return digits.slice(2)
  if (digits.startsWith('0')) return `27${digits.slice(1)}`
  return digits
}

export type StatusNews = {
  orderId: string
  customerName: string
  shopName: string
  status: FulfilmentStatus
  payment: PaymentMethod
  paid: boolean
  total: number
}

/** The customer's message for an order that has just moved to `status`. */
export function statusMessage(news: StatusNews): string {
  const first = news.customerName.trim().split(/\s+/)[0] ?? ''
  const lead = `Hi ${first}, your order ${news.orderId} from ${news.shopName}`
  switch (news.status) {
    case 'new':
      return `${lead} has been received.`
    case 'confirmed':
      return `${lead} is confirmed.`
    case 'packed':
      return `${lead} is packed.`
    case 'out-for-delivery':
      return news.payment === 'cash' && !news.paid
        ? `${lead} is out for delivery. Please have ${formatRand(toCents(news.total))} ready in cash.`
        : `${lead} is out for delivery.`
    case 'delivered':
      return `${lead} has been delivered. Thank you!`
    case 'cancelled':
      return `${lead} has been cancelled.`
  }
}

/** The wa.me link that opens the owner's WhatsApp on a message to the customer. */
export function customerWhatsappLink(phone: string, text: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(text)}`
}
