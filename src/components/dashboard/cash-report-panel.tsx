'use client'

import { useState } from 'react'

import { cashReportQuery, cashUpRun } from '@/client/admin-api'
import type { CashRunDTO } from '@/modules/driver/schemas'
import { formatRand, toCents } from '@/shared/money'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

const rand = (amount: number) => formatRand(toCents(amount))

/** The day's cash per run and driver: expected, collected, counted and why they differ. */
export function CashReportPanel({ date }: { date: string }) {
  const report = useAdminData(cashReportQuery(date))
  const runs = report.data?.runs ?? []
  return (
    <div className="cash-report-panel">
      <h3>Cash report</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Delivered</th>
            <th scope="col">Expected</th>
            <th scope="col">Collected</th>
            <th scope="col">Cash-up</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.linkId}>
              <th scope="row">
                {run.areaName}, {run.driverName}
              </th>
              <td>
                {run.delivered} (not delivered {run.notDelivered})
              </td>
              <td>{rand(run.cash.expected)}</td>
              <td>{rand(run.cash.collected)}</td>
              <td>
                <CashUp run={run} onDone={report.refetch} />
              </td>
            </tr>
          ))}
        </tbody>
        {report.data && (
          <tfoot>
            <tr>
              <th scope="row">Day</th>
              <td />
              <td>{rand(report.data.totals.expected)}</td>
              <td>{rand(report.data.totals.collected)}</td>
              <td>Difference {rand(report.data.totals.difference)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  )
}

function CashUp({ run, onDone }: { run: CashRunDTO; onDone: () => unknown }) {
  const act = useAdminAction(onDone)
  const [counted, setCounted] = useState(run.cash.collected.toFixed(2))
  const [note, setNote] = useState('')
  if (run.cashUp)
    return (
      <span>
        Counted {rand(run.cashUp.counted)}, difference {rand(run.cashUp.difference)}
        {run.cashUp.note ? ` (${run.cashUp.note})` : ''}
      </span>
    )
  const label = `${run.areaName}, ${run.driverName}`
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void act(() => cashUpRun(run.linkId, Number(counted), note || undefined), {
          done: 'Cash-up recorded',
          failed: 'The cash-up could not be recorded.',
        })
      }}
    >
      <input
        aria-label={`Cash counted for ${label}`}
        inputMode="decimal"
        value={counted}
        onChange={(e) => setCounted(e.target.value)}
      />
      <input
        aria-label={`Note for ${label}`}
        placeholder="Note (why it differs)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="button">
        Cash up
      </button>
    </form>
  )
}
