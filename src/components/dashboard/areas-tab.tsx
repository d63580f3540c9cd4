'use client'

import { useState, type FormEvent } from 'react'

import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import { failureToast } from './errors'
import { DataTable } from './data-table'
import { AreaFields, EditAreaDialog, parseArea, type Area } from './edit-area-dialog'
import { EmptyPanel } from './load-state'
import { useAdminData } from './use-admin-data'

const invalid = {
  title: 'Invalid Data',
  description: 'Please enter a valid area name and fee.',
  variant: 'error' as const,
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
        <AreaFields idPrefix="area" name={name} fee={fee} onName={setName} onFee={setFee} />
        <button type="submit" className="button primary">
          Add Area
        </button>
      </form>
      <DataTable
        label="Delivery areas"
        rows={data}
        rowKey={(a) => a.id}
        columns={[
          { header: 'Name', cell: (a) => a.name },
          { header: 'Fee', cell: (a) => formatRand(toCents(a.fee)) },
          {
            header: 'Actions',
            className: () => 'actions',
            cell: (a) => (
              <>
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
              </>
            ),
          },
        ]}
        loading={loading}
        error={error}
        loadingText="Loading delivery areas…"
        failedTitle="Failed to Load Delivery Areas"
        failedDetail="Failed to fetch delivery areas"
        onRetry={() => void refetch()}
        empty={<EmptyPanel title="No Delivery Areas" text="Add the first area above." />}
      />
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
