/** How a trade account pays: on delivery, or on account within 7 or 30 days. */
export const PAYMENT_TERMS = ['cash-on-delivery', '7-days', '30-days'] as const
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]
