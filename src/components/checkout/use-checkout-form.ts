'use client'

import { useState } from 'react'

import {
  EMPTY_FORM,
  type CheckoutField,
  type CheckoutForm,
  type FieldErrors,
} from './checkout-form'

/** The checkout form's values and errors, and the delivery days' reading. */
export function useCheckoutForm() {
  const [form, setForm] = useState<CheckoutForm>(EMPTY_FORM)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [dayVersion, setDayVersion] = useState(0)
  const set = (field: CheckoutField, value: string) => {
    // Another area has other days: its earliest is shown until the buyer chooses.
    const day = field === 'deliveryArea' ? { deliveryDate: '' } : {}
    setForm((f) => ({ ...f, [field]: value, ...day }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }
  /** A chosen day that closed: the next open day is offered, among the days read again. */
  const dayClosed = (next: string | null) => {
    setForm((f) => ({ ...f, deliveryDate: next ?? '' }))
    setDayVersion((v) => v + 1)
  }
  return { form, setForm, errors, setErrors, set, dayVersion, dayClosed }
}
