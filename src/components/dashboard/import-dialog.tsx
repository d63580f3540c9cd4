'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import {
  AdminApiError,
  importProducts,
  isUnauthorized,
  serverMessage,
  type CsvImport,
  type ImportAnswer as Preview,
} from '@/client/admin-api'
import { RowErrors, type RowError } from './row-errors'

/** What is imported where: the products by default, or a price list's fixed prices. */
export type ImportTarget = {
  send: CsvImport
  title: string
  hint: string
  /** The dry run's answer as one line, after the file's name. */
  describe: (preview: Preview) => string
  failText: string
}

const PRODUCTS: ImportTarget = {
  send: importProducts,
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

  const failed = (error: unknown) => {
    if (isUnauthorized(error)) return
    toast({
      title: 'Import Failed',
      description: serverMessage(error) ?? target.failText,
      variant: 'error',
    })
  }

  const choose = async (file: File | undefined) => {
    setPreview(null)
    setRowErrors([])
    if (!file) return setCsv(null)
    setCsv(file)
    setBusy(true)
    try {
      setPreview(await target.send(file, true))
    } catch (error) {
      if (error instanceof AdminApiError) setRowErrors(error.body.rows ?? [])
      failed(error)
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
      const result = await target.send(csv, false)
      toast({ title: 'Import Successful', description: result.message, variant: 'success' })
      onImported()
      onClose()
    } catch (error) {
      failed(error)
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
