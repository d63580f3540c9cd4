import { fromCents } from '@/shared/money'
import type { ListedLine } from './repository'
import type { BankLineDTO, SuggestionDTO } from './schemas'

/** A bank line as the owner's list shows it, amounts in rands. */
export function bankLineDTO(row: ListedLine): BankLineDTO {
  return {
    id: row.id,
    bank: row.bank,
    date: row.day_text,
    amount: fromCents(Number(row.amount_cents)),
    description: row.description,
    balance: row.balance_cents === null ? null : fromCents(Number(row.balance_cents)),
    status: row.status,
    orderId: row.order_public_id,
    accountId: row.account_id,
    accountName: row.account_name,
    difference: row.difference_cents === null ? null : fromCents(Number(row.difference_cents)),
    note: row.note,
    suggestions: (row.suggestions ?? []).map((s): SuggestionDTO =>
      s.kind === 'order'
        ? { kind: 'order', orderId: s.orderId, name: s.name, due: fromCents(s.dueCents), by: s.by }
        : {
            kind: 'account',
            accountId: s.accountId,
            name: s.name,
            due: fromCents(s.dueCents),
            by: s.by,
          },
    ),
  }
}
