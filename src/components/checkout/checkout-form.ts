import type { CartItem } from '@/client/cart/store'
import type { Quote } from '@/modules/pricing/quote'
import { fromCents } from '@/shared/money'
import { orderSchema, type OrderInput } from '@/modules/orders/schemas'

/** What the checkout form holds, as the person typed it. */
export type CheckoutForm = {
  customerName: string
  customerPhone: string
  customerAddress: string
  customerBusiness: string
  customerVatNumber: string
  deliveryArea: string
  /** The delivery day the buyer chose; '' for the area's earliest open day. */
  deliveryDate: string
  paymentMethod: string
}
export type CheckoutField = keyof CheckoutForm
export type FieldErrors = Partial<Record<CheckoutField, string>>

export const EMPTY_FORM: CheckoutForm = {
  customerName: '',
  customerPhone: '',
  customerAddress: '',
  customerBusiness: '',
  customerVatNumber: '',
  deliveryArea: '',
  deliveryDate: '',
  paymentMethod: '',
}

/** Where each part of the order body is shown in the form. */
const FIELD_OF: Record<string, CheckoutField> = {
  'customer.name': 'customerName',
  'customer.phone': 'customerPhone',
  'customer.address': 'customerAddress',
  'customer.business': 'customerBusiness',
  'customer.vatNumber': 'customerVatNumber',
  area: 'deliveryArea',
  deliveryDate: 'deliveryDate',
  payment: 'paymentMethod',
}

/**
 * The order body the form and cart make, checked by the server's own schema, or each field's
 * first error. It carries what the buyer is shown (each line's unit price, the total), so the
 * server refuses rather than charges a price they did not see.
 */
export function orderFromForm(
  form: CheckoutForm,
  items: readonly CartItem[],
  shown: Quote,
): { order: OrderInput } | { errors: FieldErrors } {
  const unitCents = new Map(shown.lines.map((l) => [l.sku, l.unitCents]))
  const parsed = orderSchema.safeParse({
    customer: {
      name: form.customerName,
      phone: form.customerPhone,
      address: form.customerAddress || undefined,
      business: form.customerBusiness || undefined,
      vatNumber: form.customerVatNumber || undefined,
    },
    area: form.deliveryArea,
    payment: form.paymentMethod,
    items: items.map((i) => {
      const cents = unitCents.get(i.sku)
      return {
        sku: i.sku,
        quantity: i.quantity,
        ...(cents !== undefined ? { expectedPrice: fromCents(cents) } : {}),
      }
    }),
    expectedTotal: fromCents(shown.total),
    ...(form.deliveryDate ? { deliveryDate: form.deliveryDate } : {}),
  })
  if (parsed.success) return { order: parsed.data }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')]
    if (field && !errors[field]) errors[field] = issue.message
  }
  return { errors }
}
