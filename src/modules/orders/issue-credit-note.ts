import type { PoolClient } from 'pg'

import { insertCreditNoteEntry } from '@/modules/ledger/repository'
import { putBackStock } from '@/modules/stock/repository'
import type { StockReason } from '@/modules/stock/reasons'
import type { CreditDraft, CreditNoteDTO, CreditNoteKind, CreditRequest } from './credit-note'
import { insertCreditNote, nextCreditNoteNumber } from './credit-note-repository'

/**
 * What every credit note is issued through, inside the transaction that holds its order's row
 * lock: the units it credits go back on the shelf through the stock ledger, then the note takes
 * the next number of the one series, and an order on account has it on its ledger. The products'
 * row locks come before the series' (as a cancellation has always taken them), so a short
 * delivery and a cancellation of two orders of one product never wait on each other in a circle.
 */
export async function issueCreditNote(
  client: PoolClient,
  order: { rowId: number; orderId: string },
  note: { kind: CreditNoteKind; draft: CreditDraft; reason: string | null },
  actor: string,
): Promise<{ creditNote: CreditNoteDTO; notStocked: string[] }> {
  const units: CreditRequest[] = note.draft.lines.map((l) => ({ sku: l.sku, quantity: l.quantity }))
  const reason: StockReason = note.kind === 'cancellation' ? 'cancellation' : 'short-delivery'
  const notStocked = units.length
    ? await putBackStock(client, sortedBySku(units), {
        reason,
        orderId: order.orderId,
        actor,
        ...(note.reason ? { note: note.reason } : {}),
      })
    : []
  const { id, creditNote } = await insertCreditNote(client, {
    orderRowId: order.rowId,
    orderId: order.orderId,
    number: await nextCreditNoteNumber(client),
    kind: note.kind,
    draft: note.draft,
    reason: note.reason,
    actor,
  })
  await insertCreditNoteEntry(
    client,
    { orderRowId: order.rowId, creditNoteId: id, cents: note.draft.amountCents },
    actor,
  )
  return { creditNote, notStocked }
}

const sortedBySku = <T extends { sku: string }>(lines: T[]) =>
  [...lines].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))

/** What the history adds about the stock: back, except products since deleted. */
export function stockReturnedText(notStocked: readonly string[]): string {
  return notStocked.length
    ? `stock returned, except ${notStocked.join(', ')} (no longer in the catalogue)`
    : 'stock returned'
}
