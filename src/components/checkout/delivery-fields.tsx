import { formatRand, toCents } from '@/shared/money'
import type { CheckoutField, CheckoutForm, FieldErrors } from './checkout-form'
import { describedBy, FieldError } from './field-error'
import type { Area } from './use-delivery-areas'
import { DeliveryDateField } from './delivery-date-field'
import { PAYFAST_LABEL } from '@/modules/payfast/schemas'

type Props = {
  form: CheckoutForm
  errors: FieldErrors
  set: (field: CheckoutField, value: string) => void
  areas: Area[] | undefined
  areasError: string | undefined
  /** A signed-in buyer who may buy on account: their terms ("30 days"); null for anyone else. */
  accountTerms: string | null
  /** The owner has set PayFast up: offer it. */
  payfast: boolean
  /** Changes when the area's delivery days must be read again. */
  dayVersion: number
}

const PAYMENTS = [
  ['cash', 'Cash on Delivery'],
  ['shop-to-shop', 'Shop-to-Shop Transfer'],
] as const

/** The delivery area (with its fee) and how the buyer pays: on account too, when they may. */
export function DeliveryFields(props: Props) {
  const { form, errors, set, areas, areasError, accountTerms, payfast, dayVersion } = props
  const withDays = areas?.find((a) => a.slug === form.deliveryArea)?.delivery
  const payments: readonly (readonly [string, string])[] = [
    ...PAYMENTS,
    ...(payfast ? [['payfast', PAYFAST_LABEL] as const] : []),
    ...(accountTerms === null ? [] : [['account', `On Account (${accountTerms})`] as const]),
  ]
  return (
    <fieldset>
      <legend>Delivery &amp; Payment</legend>
      <label htmlFor="deliveryArea">Delivery Area</label>
      <select
        id="deliveryArea"
        value={form.deliveryArea}
        onChange={(e) => set('deliveryArea', e.target.value)}
        aria-invalid={!!errors.deliveryArea}
        aria-describedby={describedBy(errors, 'deliveryArea')}
      >
        <option value="">
          {areas
            ? 'Select a delivery area'
            : areasError
              ? 'Delivery areas unavailable'
              : 'Loading areas…'}
        </option>
        {areas?.map((a) => (
          <option key={a.id} value={a.slug}>
            {a.name} ({formatRand(toCents(a.fee))})
          </option>
        ))}
      </select>
      {areasError ? (
        <p className="field-error" role="alert">
          {areasError}
        </p>
      ) : null}
      <FieldError errors={errors} field="deliveryArea" />
      <DeliveryDateField
        area={withDays ? form.deliveryArea : undefined}
        value={form.deliveryDate}
        set={set}
        errors={errors}
        version={dayVersion}
      />
      <div
        role="radiogroup"
        aria-labelledby="payment-label"
        aria-describedby={describedBy(errors, 'paymentMethod')}
        className="payment-options"
      >
        <span id="payment-label" className="label">
          Payment Method
        </span>
        {payments.map(([value, label]) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={form.paymentMethod === value}
              onChange={() => set('paymentMethod', value)}
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError errors={errors} field="paymentMethod" />
    </fieldset>
  )
}
