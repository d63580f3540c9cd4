import type { CheckoutField, CheckoutForm, FieldErrors } from './checkout-form'
import { describedBy, FieldError } from './field-error'

type Props = {
  form: CheckoutForm
  errors: FieldErrors
  set: (field: CheckoutField, value: string) => void
  /** Shows the business fields open: a trade account has filled them. */
  businessOpen?: boolean
  /** The order is above R 5 000 from a VAT-registered shop: a full tax invoice needs more. */
  fullInvoice?: boolean
}

/** Name, phone, address, and a business's name and VAT number for a tax invoice. */
export function CustomerFields({
  form,
  errors,
  set,
  businessOpen = false,
  fullInvoice = false,
}: Props) {
  const input = (field: CheckoutField) => ({
    id: field,
    value: form[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    'aria-invalid': !!errors[field],
    'aria-describedby': describedBy(errors, field),
  })
  return (
    <fieldset>
      <legend>Customer Information</legend>
      <label htmlFor="customerName">Full Name</label>
      <input {...input('customerName')} autoComplete="name" />
      <FieldError errors={errors} field="customerName" />
      <label htmlFor="customerPhone">Phone Number</label>
      <input {...input('customerPhone')} type="tel" autoComplete="tel" />
      <FieldError errors={errors} field="customerPhone" />
      <label htmlFor="customerAddress">Delivery Address (optional)</label>
      <textarea
        id="customerAddress"
        rows={2}
        value={form.customerAddress}
        onChange={(e) => set('customerAddress', e.target.value)}
        autoComplete="street-address"
      />
      <FieldError errors={errors} field="customerAddress" />
      <details
        className="business-details"
        open={
          !!(errors.customerBusiness || errors.customerVatNumber || businessOpen || fullInvoice) ||
          undefined
        }
      >
        <summary>Buying for a business? (optional, for a tax invoice)</summary>
        {fullInvoice ? (
          <p className="field-hint" id="full-invoice-hint">
            Above R 5 000 your tax invoice is a full one when you give your delivery address,
            business name and VAT number; without them it is an abridged one.
          </p>
        ) : null}
        <label htmlFor="customerBusiness">Business Name</label>
        <input {...input('customerBusiness')} autoComplete="organization" />
        <FieldError errors={errors} field="customerBusiness" />
        <label htmlFor="customerVatNumber">Business VAT Number</label>
        <input {...input('customerVatNumber')} inputMode="numeric" />
        <FieldError errors={errors} field="customerVatNumber" />
      </details>
    </fieldset>
  )
}
