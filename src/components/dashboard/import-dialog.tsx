'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch, serverMessage } from '@/client/admin-api'
import { RowErrors, type RowError } from './row-errors'

type Preview = { message: string; created?: number; updated?: number }

/** What is imported where: the products by default, or a price list's fixed prices. */
export type ImportTarget = {
  path: string
  title: string
  hint: string
  /** The dry run's answer as one line, after the file's name. */
  describe: (preview: Preview) => string
  failText: string
}

const PRODUCTS: ImportTarget = {
  path: '/api/admin/products/import',
  title: 'Import Products from CSV',
  hint: 'Columns: sku, name, category, price, oldPrice, description, specialPrice, imageURL, inStock. Products are matched by SKU: new ones are created, existing ones updated.',
  describe: (p) => `${p.created} to create, ${p.updated} to update.`,
  failText: 'Failed to import products.',
}

/** Choose a CSV, see the server's dry run (counts or row errors), then import it. */
export function ImportDialog({
  onClose,
  onImported,
  target = PRODUCTS,
}: {
  onClose: () => void
  onImported: () => void
  target?: ImportTarget
}) {
  const toast = useToast()
  const [csv, setCsv] = useState<File | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [rowErrors, setRowErrors] = useState<RowError[]>([])
  const [busy, setBusy] = useState(false)

  // The file itself, as the browser reads it from disk: the page never holds its text.
  const send = (file: File, dryRun: boolean) =>
    adminFetch(dryRun ? `${target.path}?dryRun=true` : target.path, {
      method: 'POST',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      body: file,
    })

  const choose = async (file: File | undefined) => {
    setPreview(null)
    setRowErrors([])
    if (!file) return setCsv(null)
    setCsv(file)
    setBusy(true)
    try {
      setPreview((await (await send(file, true)).json()) as Preview)
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
        description: serverMessage(error) ?? target.failText,
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
      const result = (await (await send(csv, false)).json()) as Preview
      toast({ title: 'Import Successful', description: result.message, variant: 'success' })
      onImported()
      onClose()
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('Unauthorized'))) {
        toast({
          title: 'Import Failed',
          description: serverMessage(error) ?? target.failText,
          variant: 'error',
        })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} title={target.title}>
      <p className="hint">{target.hint}</p>
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
          {csv?.name}: {target.describe(preview)}
        </p>
      ) : null}
      <RowErrors rows={rowErrors} />
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
