'use client'

import { useState } from 'react'

import { bankLinesQuery } from '@/client/admin-api'
import { LINE_STATUSES, type LineStatus } from '@/modules/payments/lines'
import { BankLineRow } from './bank-line-row'
import { LoadState } from './load-state'
import { StatementUpload } from './statement-upload'
import { useAdminData } from './use-admin-data'

const FILTERS: { value: LineStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  ...LINE_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
]

/**
 * Payments: import a bank statement, then work its credit lines: matched ones (undo), suggested
 * ones (confirm one of the suggestions), flagged and unmatched ones (accept, or ignore).
 */
export function PaymentsTab() {
  const [status, setStatus] = useState<LineStatus | null>(null)
  const lines = useAdminData(bankLinesQuery(status))
  const rows = lines.data ?? []
  return (
    <div className="payments-tab">
      <h2>Payments</h2>
      <StatementUpload onImported={lines.refetch} />
      <div role="group" aria-label="Show lines" className="filters">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={status === f.value ? 'button' : 'button ghost'}
            aria-pressed={status === f.value}
            onClick={() => setStatus(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>
      <LoadState
        hasData={Boolean(lines.data)}
        loading={lines.loading}
        error={lines.error}
        loadingText="Loading bank lines…"
        failedTitle="Could not load the bank lines"
        onRetry={() => void lines.refetch()}
      />
      {lines.data && (
        <div className="table-wrap">
          <table className="bank-lines">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Description</th>
                <th scope="col">State</th>
                <th scope="col">Match</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={6}>No bank lines{status ? ` ${status}` : ''} yet.</td>
                </tr>
              ) : (
                rows.map((line) => (
                  <BankLineRow key={line.id} line={line} onChanged={lines.refetch} />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
