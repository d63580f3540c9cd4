'use client'

import { useState } from 'react'

import { erasePersonalData, personalDataFile } from '@/client/admin-api'
import { saveAs } from './download-csv'
import { useAdminAction } from './use-admin-action'

/**
 * A person's request about their data (POPIA), by phone number: a copy of everything the shop
 * holds, as a JSON file to hand over, or its erasure, keeping only what tax law keeps.
 */
export function PersonalDataTools({ onErased }: { onErased: () => void }) {
  const [phone, setPhone] = useState('')
  const run = useAdminAction()

  const exportData = () =>
    run(
      async () => {
        const { file, name } = await personalDataFile(phone.trim())
        saveAs(file, name ?? 'personal-data.json')
      },
      { failed: 'Failed to export the personal data.' },
    )

  const erase = async () => {
    const ask = `Erase everything held about ${phone.trim()}? Invoices keep what tax law needs for five years. This cannot be undone.`
    if (!window.confirm(ask)) return
    const erased = await run(() => erasePersonalData(phone.trim()), {
      done: ({ orders, tradeAccount }) => ({
        title: 'Personal data erased',
        description: `${orders.anonymised + orders.keptForTax} orders (${orders.keptForTax} kept for tax)${tradeAccount ? `; trade account ${tradeAccount}` : ''}.`,
        variant: 'success',
      }),
      failed: 'Failed to erase the personal data.',
    })
    if (erased) {
      setPhone('')
      onErased()
    }
  }

  return (
    <section aria-labelledby="personal-data-title" className="personal-data">
      <h2 id="personal-data-title">Personal Data Requests</h2>
      <div className="form-grid">
        <span className="field">
          <label htmlFor="personal-data-phone">Phone Number</label>
          <input
            id="personal-data-phone"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </span>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void exportData()}>
            Export Data
          </button>
          <button type="button" className="button danger" onClick={() => void erase()}>
            Erase Data
          </button>
        </div>
      </div>
    </section>
  )
}
