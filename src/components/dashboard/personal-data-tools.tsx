'use client'

import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import { fileNameOf, saveAs } from './download-csv'
import { failureToast } from './errors'

type Erasure = {
  orders: { anonymised: number; keptForTax: number }
  tradeAccount: 'deleted' | 'anonymised' | null
}

/**
 * A person's request about their data (POPIA), by phone number: a copy of everything the shop
 * holds, as a JSON file to hand over, or its erasure, keeping only what tax law keeps.
 */
export function PersonalDataTools({ onErased }: { onErased: () => void }) {
  const toast = useToast()
  const [phone, setPhone] = useState('')
  const path = `/api/admin/personal-data?phone=${encodeURIComponent(phone.trim())}`

  const fail = (err: unknown, text: string) => {
    const message = failureToast(err, 'Error', text)
    if (message) toast(message)
  }

  const exportData = async () => {
    try {
      const res = await adminFetch(path)
      saveAs(await res.blob(), fileNameOf(res, 'personal-data.json'))
    } catch (err) {
      fail(err, 'Failed to export the personal data.')
    }
  }

  const erase = async () => {
    const ask = `Erase everything held about ${phone.trim()}? Invoices keep what tax law needs for five years. This cannot be undone.`
    if (!window.confirm(ask)) return
    try {
      const res = await adminFetch(path, { method: 'DELETE' })
      const { orders, tradeAccount } = (await res.json()) as Erasure
      const account = tradeAccount ? `; trade account ${tradeAccount}` : ''
      toast({
        title: 'Personal data erased',
        description: `${orders.anonymised + orders.keptForTax} orders (${orders.keptForTax} kept for tax)${account}.`,
        variant: 'success',
      })
      setPhone('')
      onErased()
    } catch (err) {
      fail(err, 'Failed to erase the personal data.')
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
