'use client'

import { useState, type FormEvent } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import { failureToast } from './errors'
import { AdminList, EmptyPanel } from './load-state'
import { useAdminData } from './use-admin-data'

type Area = { id: number; name: string; fee: number }

const invalid = {
  title: 'Invalid Data',
  description: 'Please enter a valid area name and fee.',
  variant: 'error' as const,
}

function parseArea(name: string, fee: string): { name: string; fee: number } | null {
  const value = Number(fee)
  return name.trim() && fee.trim() && Number.isFinite(value) && value > 0
    ? { name: name.trim(), fee: value }
    : null
}

export function AreasTab() {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData<Area[]>('/api/delivery-areas')
  const [name, setName] = useState('')
  const [fee, setFee] = useState('')
  const [editing, setEditing] = useState<Area | null>(null)

  /** Every change other than an add sends the whole list: the API replaces it in one go. */
  const replace = async (areas: { name: string; fee: number }[], success: string) => {
    try {
      await adminFetch('/api/admin/delivery-areas', {
        method: 'PUT',
        body: JSON.stringify({ areas }),
      })
      toast({ title: success, variant: 'success' })
      await refetch()
      return true
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to update delivery areas.')
      if (message) toast(message)
      return false
    }
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const area = parseArea(name, fee)
    if (!area) return toast(invalid)
    try {
      await adminFetch('/api/admin/delivery-areas', { method: 'POST', body: JSON.stringify(area) })
      toast({ title: 'Delivery area created successfully!', variant: 'success' })
      setName('')
      setFee('')
      await refetch()
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to create delivery area.')
      if (message) toast(message)
    }
  }

  const remove = async (area: Area) => {
    if (
      !window.confirm(
        `Are you sure you want to delete "${area.name}"? This action cannot be undone.`,
      )
    )
      return
    await replace(
      (data ?? []).filter((a) => a.id !== area.id).map(({ name, fee }) => ({ name, fee })),
      'Delivery area deleted successfully!',
    )
  }

  return (
    <>
      <form className="toolbar" onSubmit={add} noValidate aria-label="Add a delivery area">
        <label htmlFor="area-name">Area name</label>
        <input id="area-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="area-fee">Fee (R)</label>
        <input
          id="area-fee"
          type="number"
          min="0"
          step="0.01"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
        />
        <button type="submit" className="button primary">
          Add Area
        </button>
      </form>
      <AdminList
        rows={data}
        loading={loading}
        error={error}
        loadingText="Loading delivery areas…"
        failedTitle="Failed to Load Delivery Areas"
        failedDetail="Failed to fetch delivery areas"
        onRetry={() => void refetch()}
        empty={<EmptyPanel title="No Delivery Areas" text="Add the first area above." />}
      >
        {(rows) => (
          <table className="table" aria-label="Delivery areas">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Fee</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>{formatRand(toCents(a.fee))}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button small"
                      onClick={() => setEditing(a)}
                      aria-label={`Edit ${a.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button small danger"
                      onClick={() => void remove(a)}
                      aria-label={`Delete ${a.name}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminList>
      {editing ? (
        <EditAreaDialog
          area={editing}
          onClose={() => setEditing(null)}
          onSave={async (changed) => {
            const list = (data ?? []).map((a) =>
              a.id === editing.id ? changed : { name: a.name, fee: a.fee },
            )
            if (await replace(list, 'Delivery area updated successfully!')) setEditing(null)
          }}
          onInvalid={() => toast(invalid)}
        />
      ) : null}
    </>
  )
}

function EditAreaDialog({
  area,
  onClose,
  onSave,
  onInvalid,
}: {
  area: Area
  onClose: () => void
  onSave: (area: { name: string; fee: number }) => Promise<void>
  onInvalid: () => void
}) {
  const [name, setName] = useState(area.name)
  const [fee, setFee] = useState(String(area.fee))
  return (
    <Dialog open onClose={onClose} title={`Edit ${area.name}`}>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const parsed = parseArea(name, fee)
          if (!parsed) return onInvalid()
          void onSave(parsed)
        }}
      >
        <label htmlFor="edit-area-name">Area name</label>
        <input id="edit-area-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="edit-area-fee">Fee (R)</label>
        <input
          id="edit-area-fee"
          type="number"
          min="0"
          step="0.01"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Save Changes
          </button>
        </div>
      </form>
    </Dialog>
  )
}
