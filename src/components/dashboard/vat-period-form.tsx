'use client'

import { useState } from 'react'

import { saveVatPeriod, vatSettingsQuery } from '@/client/admin-api'
import { VAT_PERIOD_KINDS, VAT_PERIOD_LABELS, type VatPeriodKind } from '@/modules/vat/periods'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

/** The VAT period SARS assigned the shop: what the VAT tab's figures add up (docs/vat.md). */
export function VatPeriodForm() {
  const { data, refetch } = useAdminData(vatSettingsQuery())
  const act = useAdminAction(refetch)
  const [chosen, setChosen] = useState<VatPeriodKind | null>(null)
  if (!data) return null
  const value = chosen ?? data.vatPeriod
  return (
    <form
      className="form-grid"
      aria-labelledby="vat-period-heading"
      onSubmit={(e) => {
        e.preventDefault()
        void act(() => saveVatPeriod(value), {
          done: 'VAT period saved',
          failed: 'Failed to save the VAT period.',
        })
      }}
    >
      <h2 id="vat-period-heading">VAT period</h2>
      <span className="field">
        <label htmlFor="vat-period">Tax period, as SARS assigned it</label>
        <select
          id="vat-period"
          value={value}
          onChange={(e) => setChosen(e.target.value as VatPeriodKind)}
        >
          {VAT_PERIOD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {VAT_PERIOD_LABELS[kind]}
            </option>
          ))}
        </select>
      </span>
      <button type="submit" className="button primary">
        Save VAT period
      </button>
    </form>
  )
}
