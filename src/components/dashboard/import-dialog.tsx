'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch, serverMessage } from '@/client/admin-api'

type Preview = { message: string; created: number; updated: number }
type RowError = { line: number; field: string; message: string }

/** Choose a CSV, see the server's dry run (counts or row errors), then import it. */
export function ImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void
  onImported: () => void
}) {
  const toast = useToast()
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [rowErrors, setRowErrors] = useState<RowError[]>([])
  const [busy, setBusy] = useState(false)

  const send = (csvData: string, dryRun: boolean) =>
    adminFetch('/api/admin/products/import', {
      method: 'POST',
      body: JSON.stringify({ csvData, dryRun }),
    })

  const choose = async (file: File | undefined) => {
    setPreview(null)
    setRowErrors([])
    if (!file) return setCsv(null)
    const text = await file.text()
    setCsv({ name: file.name, text })
    setBusy(true)
    try {
      setPreview((await (await send(text, true)).json()) as Preview)
    } catch (error) {
      if (!(error instanceof Error) || error.message.includes('Unauthorized')) return
      try {
        const body = JSON.parse(error.message.replace(/^\d{3}: /, '')) as { rows?: RowError[] }
        setRowErrors(body.rows ?? [])
      } catch {
        // not a row report: the message below says what went wrong
      }
      toast({
        title: 'Import Failed',
        description: serverMessage(error) ?? 'Failed to import products.',
        variant: 'error',
      })
    } finally {
      setBusy(false)
    }
  }

  const importNow = async () => {
    if (!csv) {
      toast({
        title: 'No File Selected',
        description: 'Please select a CSV file to import.',
        variant: 'error',
      })
      return
    }
    setBusy(true)
    try {
      const result = (await (await send(csv.text, false)).json()) as Preview
      toast({ title: 'Import Successful', description: result.message, variant: 'success' })
      onImported()
      onClose()
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('Unauthorized'))) {
        toast({
          title: 'Import Failed',
          description: serverMessage(error) ?? 'Failed to import products.',
          variant: 'error',
        })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} title="Import Products from CSV">
      <p className="hint">
        Columns: sku, name, category, price, oldPrice, description, specialPrice, imageURL, inStock.
        Products are matched by SKU: new ones are created, existing ones updated.
      </p>
      <label htmlFor="csv-file">CSV file</label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {busy && !preview ? <p aria-live="polite">Checking the file…</p> : null}
      {preview ? (
        <p className="preview" aria-live="polite" data-testid="import-preview">
          {csv?.name}: {preview.created} to create, {preview.updated} to update.
        </p>
      ) : null}
      {rowErrors.length ? (
        <div className="table-wrap">
          <table className="table" aria-label="Rows with errors">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {rowErrors.map((r, i) => (
                <tr key={i}>
                  <td>{r.line}</td>
                  <td>{r.field}</td>
                  <td>{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          onClick={importNow}
          disabled={busy || rowErrors.length > 0}
        >
          {busy && preview ? 'Importing...' : 'Import'}
        </button>
      </div>
    </Dialog>
  )
}
