import type { PaymentMethod } from './schemas'
import type { FulfilmentStatus } from './fulfilment'
import type { CreditNoteSummaryDTO } from './credit-note'

/** An order as the API answers it: rands with two decimals, snapshot lines. */
export type OrderDTO = {
  orderId: string
  createdAt: string
  customer: { name: string; phone: string; address?: string; business?: string; vatNumber?: string }
  area: string
  areaName: string
  payment: PaymentMethod
  /** Each line as charged; `credited`: its units credited by credit notes, when any are. */
  items: { sku: string; name: string; price: number; quantity: number; credited?: number }[]
  subtotal: number
  fee: number
  total: number
  source: string
  /** The tax invoice's number: the shop's orders, numbered 1, 2, 3… with no gaps. */
  invoiceNumber: number
  /** Present when the shop was VAT registered: the VAT included in the total, in rand. */
  vat?: OrderVat
  /** On account: the shop day (YYYY-MM-DD) its invoice falls due. */
  dueDate?: string
  /** The shop day (YYYY-MM-DD) it is delivered: only when its area has delivery days. */
  deliveryDate?: string
  /** The shop as it was when the order was placed (absent for orders from before it was kept). */
  seller?: OrderSeller
  /**
   * Its credit notes, by number: short deliveries' and a cancellation's (absent while none). What
   * is still due is the total less their amounts.
   */
  creditNotes?: CreditNoteSummaryDTO[]
  /**
   * Only in the answer to placing it (and so on its receipt): the secret that lets whoever holds
   * the receipt upload a proof of payment for this order (docs/payments.md).
   */
  proofKey?: string
  /**
   * Only in the answer to placing an order paid through PayFast (it is placed unpaid): the shop's
   * page that hands the buyer to PayFast to pay.
   */
  payfast?: { payUrl: string }
}

/** The seller's name and address as the order's invoice names them. */
export type OrderSeller = { name: string; address: string | null }

/** The VAT an order's total includes, worked out once on the total (lines and delivery). */
export type OrderVat = { rate: number; amount: number; sellerVatNumber: string }

/** An order as the owner's API answers it: the customer's order, and where it stands. */
export type AdminOrderDTO = OrderDTO & {
  status: FulfilmentStatus
  paid: boolean
  paidAmount: number | null
  paidAt: string | null
  paymentReference: string | null
  note: string | null
  /** The credit note a cancellation issued against the order's invoice. */
  creditNote: { number: number; issuedAt: string } | null
}

/** One change to an order, as the order's history shows it. */
export type OrderEventDTO = {
  at: string
  actor: string
  kind: 'status' | 'payment' | 'note' | 'credit-note'
  message: string
}

/**
 * POST /api/orders' 409 when prices changed since the buyer saw them (`code: 'pricesChanged'`):
 * each changed line's new unit price and the one shown, and the order's figures now.
 */
export type PricesChangedDTO = {
  error: string
  code: 'pricesChanged'
  lines: { sku: string; name: string; quantity: number; price: number; expectedPrice: number }[]
  subtotal: number
  fee: number
  total: number
  expectedTotal?: number
}
