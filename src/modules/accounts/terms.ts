import { addDays } from '@/shared/dates'

/**
 * How a trade account pays: on delivery, or on account, due so many days after the invoice or at
 * the end of the invoice's month. Only accounts on account terms may choose "On account".
 */
export const PAYMENT_TERMS = [
  'cash-on-delivery',
  '7-days',
  '14-days',
  '30-days',
  '60-days',
  'end-of-month',
] as const
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]

export const TERMS_LABELS: Record<PaymentTerms, string> = {
  'cash-on-delivery': 'Cash on delivery',
  '7-days': '7 days',
  '14-days': '14 days',
  '30-days': '30 days',
  '60-days': '60 days',
  'end-of-month': 'End of month',
}

/** True when the terms let the buyer order now and pay later. */
export function buysOnAccount(terms: PaymentTerms): boolean {
  return terms !== 'cash-on-delivery'
}

/**
 * The shop day (YYYY-MM-DD) an invoice of shop day `invoiceDay` falls due under `terms`: so many
 * days later, or the last day of its month for "end of month". Cash on delivery is due at once.
 */
export function dueDay(terms: PaymentTerms, invoiceDay: string): string {
  switch (terms) {
    case 'cash-on-delivery':
      return invoiceDay
    case 'end-of-month': {
      const [year, month] = invoiceDay.split('-').map(Number) as [number, number]
      return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
    }
    default:
      return addDays(invoiceDay, Number.parseInt(terms, 10))
  }
}
