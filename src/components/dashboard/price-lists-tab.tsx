'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import {
  createPriceList,
  deletePriceList,
  fixedPricesCsv,
  importFixedPrices,
  priceListsQuery,
  updatePriceList,
} from '@/client/admin-api'
import type { PriceListDTO } from '@/modules/price-lists/schemas'
import { DataTable } from './data-table'
import { downloadCsv } from './download-csv'
import { ImportDialog } from './import-dialog'
import { EmptyPanel } from './load-state'
import { PriceListForm } from './price-list-form'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

type Open = { kind: 'edit' | 'import'; list: PriceListDTO } | null

const summary = (list: PriceListDTO) =>
  list.discounts.map((d) => `${d.category} ${d.percentOff}%`).join(', ') || 'None'

/** Price lists: percentages by category, fixed prices by CSV, given to trade accounts. */
export function PriceListsTab() {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData(priceListsQuery())
  const [open, setOpen] = useState<Open>(null)
  const run = useAdminAction(refetch)

  const save = (send: () => Promise<void>, done: string) =>
    run(send, { done, failed: 'Failed to save the price list.' })

  const remove = async (list: PriceListDTO) => {
    if (!window.confirm(`Delete ${list.name}? Its buyers go back to the shop's own prices.`)) return
    await run(() => deletePriceList(list.id), {
      done: 'Price list deleted',
      failed: 'Failed to delete the price list.',
    })
  }

  const button = (text: string, label: string, onClick: () => void) => (
    <button type="button" className="button small" onClick={onClick} aria-label={label}>
      {text}
    </button>
  )

  return (
    <>
      <PriceListForm
        submitText="Add Price List"
        onSubmit={(change) => save(() => createPriceList(change), 'Price list created!')}
      />
      <DataTable
        label="Price lists"
        rows={data}
        rowKey={(l) => l.id}
        columns={[
          { header: 'Name', cell: (l) => l.name },
          { header: 'Percent Off', cell: summary },
          { header: 'Fixed Prices', cell: (l) => l.fixedPrices },
          {
            header: 'Actions',
            className: () => 'actions',
            cell: (l) => (
              <>
                {button('Edit', `Edit ${l.name}`, () => setOpen({ kind: 'edit', list: l }))}
                {button('Import CSV', `Import fixed prices for ${l.name}`, () =>
                  setOpen({ kind: 'import', list: l }),
                )}
                {button(
                  'Export CSV',
                  `Export fixed prices of ${l.name}`,
                  () =>
                    void downloadCsv(
                      () => fixedPricesCsv(l.id),
                      `price-list-${l.id}.csv`,
                      'This list has no fixed prices yet.',
                      'Failed to export the price list.',
                      toast,
                    ),
                )}
                {button('Delete', `Delete ${l.name}`, () => void remove(l))}
              </>
            ),
          },
        ]}
        loading={loading}
        error={error}
        loadingText="Loading price lists…"
        failedTitle="Failed to Load Price Lists"
        failedDetail="Failed to fetch price lists"
        onRetry={() => void refetch()}
        empty={<EmptyPanel title="No Price Lists" text="Add the first price list above." />}
      />
      {open?.kind === 'edit' ? (
        <Dialog open onClose={() => setOpen(null)} title={`Edit ${open.list.name}`}>
          <PriceListForm
            list={open.list}
            submitText="Save Changes"
            onSubmit={async (change) => {
              const id = open.list.id
              const saved = await save(() => updatePriceList(id, change), 'Price list saved!')
              if (saved) setOpen(null)
              return saved
            }}
          />
        </Dialog>
      ) : null}
      {open?.kind === 'import' ? (
        <ImportDialog
          onClose={() => setOpen(null)}
          onImported={() => void refetch()}
          target={{
            send: importFixedPrices(open.list.id),
            title: `Import Fixed Prices for ${open.list.name}`,
            hint: 'Columns: sku, price, priceBreaks (like 12:9.00;48:8.50). The file replaces the list’s fixed prices: a sku left out goes back to the list’s percentage or the shop’s price.',
            describe: (p) => p.message,
            failText: 'Failed to import the price list.',
          }}
        />
      ) : null}
    </>
  )
}
