import type { CheckoutField, FieldErrors } from './checkout-form'

/** The id a field's error is announced under, for its aria-describedby. */
export function describedBy(errors: FieldErrors, field: CheckoutField): string | undefined {
  return errors[field] ? `${field}-error` : undefined
}

/** A field's error under it, read out when it appears. */
export function FieldError({ errors, field }: { errors: FieldErrors; field: CheckoutField }) {
  return errors[field] ? (
    <p id={`${field}-error`} className="field-error" role="alert">
      {errors[field]}
    </p>
  ) : null
}
