'use client'

import { useState } from 'react'

import { importBankStatement } from '@/client/admin-api'
import type { ImportResultDTO } from '@/modules/payments/lines'
import { BANK_LABELS } from '@/modules/payments/lines'
import { useAdminAction } from './use-admin-action'

/** What an import did, in one sentence. */
export function importSummary(result: ImportResultDTO): string {
  const { matched, suggested, flagged, unmatched } = result.byStatus
  return `${BANK_LABELS[result.bank]}: ${result.new} new, ${result.duplicate} already imported; ${matched} matched, ${suggested} suggested, ${flagged} flagged, ${unmatched} unmatched.`
}

/** Choose a statement (OFX or the bank's CSV export) and import it. */
export function StatementUpload({ onImported }: { onImported: () => unknown }) {
  const act = useAdminAction(onImported)
  const [file, setFile] = useState<File | null>(null)
  const [summary, setSummary] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="statement-upload"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!file) return
        setBusy(true)
        await act(
          async () => {
            const result = await importBankStatement(file)
            setSummary(importSummary(result))
            return result
          },
          { done: 'Statement imported', failed: 'The statement could not be imported.' },
        )
        setBusy(false)
      }}
    >
      <label>
        Bank statement (OFX, or the CSV export of FNB, Standard Bank, ABSA, Nedbank or Capitec)
        <input
          type="file"
          accept=".csv,.ofx,.qfx,text/csv,application/x-ofx"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <button type="submit" className="button" disabled={!file || busy}>
        {busy ? 'Importing…' : 'Import statement'}
      </button>
      {summary && (
        <p role="status" className="import-summary">
          {summary}
        </p>
      )}
    </form>
  )
}
