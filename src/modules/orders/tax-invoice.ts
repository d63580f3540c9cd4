import type { Cents } from '@/shared/money'
import type { OrderDTO } from './order'

/**
 * Above this (VAT included) SARS wants a full tax invoice, with the buyer's name, address and VAT
 * number; at or below it an abridged one will do (VAT Act 89 of 1991, s20(4) and s20(5)).
 */
export const FULL_TAX_INVOICE_ABOVE: Cents = 500_000

/**
 * Whether an order's tax invoice is a full one: above R 5 000, and only when the buyer gave all
 * that a full one must carry (their name, address and VAT number); otherwise it is issued as an
 * abridged one rather than as a full one with fields missing. Checkout asks for them above it.
 */
export function isFullTaxInvoice(
  totalCents: Cents,
  customer: Pick<OrderDTO['customer'], 'name' | 'address' | 'vatNumber'>,
): boolean {
  return (
    totalCents > FULL_TAX_INVOICE_ABOVE &&
    Boolean(customer.name.trim() && customer.address?.trim() && customer.vatNumber)
  )
}
