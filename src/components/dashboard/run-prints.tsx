import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { deliveryNotes, pickingList, serverMessage } from '@/client/admin-api'
import { openPrintable } from '@/client/printable'
import { deliveryNotesHtml, pickingListHtml } from '@/modules/delivery/run-sheets'

type Sheet = 'picking list' | 'delivery notes'

/** A run's printed sheets, each opened in a new tab to print or save as PDF (A4). */
export function RunPrints({
  date,
  area,
  areaName,
  shopName,
}: {
  date: string
  area: string
  areaName: string
  shopName: string
}) {
  const toast = useToast()
  const [opening, setOpening] = useState<Sheet | null>(null)

  const open = async (sheet: Sheet) => {
    setOpening(sheet)
    try {
      const html =
        sheet === 'picking list'
          ? pickingListHtml(await pickingList(date, area), shopName)
          : deliveryNotesHtml(await deliveryNotes(date, area), shopName)
      if (!openPrintable(html)) {
        toast({
          title: 'Pop-up Blocked',
          description: `Allow pop-ups for this shop to open the ${sheet}.`,
          variant: 'error',
        })
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? `Failed to load the ${sheet}`,
        variant: 'error',
      })
    } finally {
      setOpening(null)
    }
  }

  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={`Picking list for ${areaName}`}
        disabled={opening !== null}
        onClick={() => void open('picking list')}
      >
        Picking list
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Delivery notes for ${areaName}`}
        disabled={opening !== null}
        onClick={() => void open('delivery notes')}
      >
        Delivery notes
      </button>
    </>
  )
}
