'use client'

import { useState, type FormEvent } from 'react'

import { useToast } from '@/components/ui/toast'
import {
  createDeliveryArea,
  deliveryAreasQuery,
  replaceDeliveryAreas,
  type AreaInput,
} from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import { DataTable } from './data-table'
import { AreaFields, EditAreaDialog, parseArea, type Area } from './edit-area-dialog'
import { EmptyPanel } from './load-state'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'
import { DeliveryDaysDialog, scheduleSummary } from './delivery-days-dialog'
import type { DeliveryAreaDTO } from '@/modules/areas/schemas'

const invalid = {
  title: 'Invalid Data',
  description: 'Please enter a valid area name and fee.',
  variant: 'error' as const,
}

export function AreasTab() {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData(deliveryAreasQuery())
  const [name, setName] = useState('')
  const [fee, setFee] = useState('')
  const [editing, setEditing] = useState<Area | null>(null)
  const [planning, setPlanning] = useState<DeliveryAreaDTO | null>(null)
  const run = useAdminAction(refetch)

  /** Every change other than an add sends the whole list: the API replaces it in one go. */
  const replace = (areas: AreaInput[], success: string) =>
    run(() => replaceDeliveryAreas(areas), {
      done: success,
      failed: 'Failed to update delivery areas.',
    })

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const area = parseArea(name, fee)
    if (!area) return toast(invalid)
    const added = async () => {
      await createDeliveryArea(area)
      setName('')
      setFee('')
    }
    await run(added, {
      done: 'Delivery area created successfully!',
      failed: 'Failed to create delivery area.',
    })
  }

  const remove = async (area: Area) => {
    const sure = `Are you sure you want to delete "${area.name}"? This action cannot be undone.`
    if (!window.confirm(sure)) return
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
          { header: 'Delivery days', cell: (a) => scheduleSummary(a.delivery) },
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
                <button type="button" className="button small" onClick={() => setPlanning(a)}>
                  Delivery days
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
      {planning ? (
        <DeliveryDaysDialog
          area={planning}
          onClose={() => setPlanning(null)}
          onSave={async (delivery) => {
            const list = (data ?? []).map(({ id, name, fee }) =>
              id === planning.id ? { name, fee, delivery } : { name, fee },
            )
            if (await replace(list, 'Delivery days saved.')) setPlanning(null)
          }}
          onInvalid={(message) => toast({ ...invalid, description: message })}
        />
      ) : null}
    </>
  )
}
