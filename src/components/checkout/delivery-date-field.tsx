'use client'

import { useEffect, useState } from 'react'

import { fetchDeliveryDays } from '@/client/checkout-api'
import { deliveredLine, formatDeliveryDay } from '@/modules/delivery/schedule'
import type { CheckoutField, FieldErrors } from './checkout-form'
import { describedBy, FieldError } from './field-error'

type Props = {
  /** The chosen area's slug, when it has delivery days. */
  area: string | undefined
  /** The day chosen; '' for the earliest. */
  value: string
  set: (field: CheckoutField, value: string) => void
  errors: FieldErrors
  /** Changes when the days must be read again (a chosen day was refused). */
  version: number
}

/**
 * The earliest delivery day of the chosen area, as the server computes it now, and the later
 * open days the buyer may choose instead. Nothing for an area without delivery days.
 */
export function DeliveryDateField({ area, value, set, errors, version }: Props) {
  const [days, setDays] = useState<{ area: string; days: string[] } | undefined>()
  useEffect(() => {
    if (!area) return
    let cancelled = false
    fetchDeliveryDays(area)
      .then((found) => !cancelled && setDays({ area, days: found }))
      .catch(() => !cancelled && setDays({ area, days: [] }))
    return () => {
      cancelled = true
    }
  }, [area, version])
  const shown = days && days.area === area ? days.days : []
  if (!area || shown.length === 0) return null
  const chosen = value && shown.includes(value) ? value : shown[0]!
  return (
    <div className="delivery-date">
      <p className="delivery-date-line" role="status">
        {deliveredLine(chosen)}
      </p>
      <label htmlFor="deliveryDate">Delivery Date</label>
      <select
        id="deliveryDate"
        value={chosen}
        onChange={(e) => set('deliveryDate', e.target.value === shown[0] ? '' : e.target.value)}
        aria-invalid={!!errors.deliveryDate}
        aria-describedby={describedBy(errors, 'deliveryDate')}
      >
        {shown.map((day) => (
          <option key={day} value={day}>
            {formatDeliveryDay(day)}
          </option>
        ))}
      </select>
      <FieldError errors={errors} field="deliveryDate" />
    </div>
  )
}
