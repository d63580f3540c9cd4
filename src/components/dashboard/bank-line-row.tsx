'use client'

import { confirmBankLine, ignoreBankLine, undoBankLine } from '@/client/admin-api'
import type { BankLineDTO } from '@/modules/payments/lines'
import { formatRand, toCents } from '@/shared/money'
import { useAdminAction } from './use-admin-action'

const rand = (amount: number) => formatRand(toCents(amount))

const STATUS_LABELS: Record<BankLineDTO['status'], string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  flagged: 'Flagged',
  unmatched: 'Unmatched',
  ignored: 'Ignored',
}

/** What the line pays, or why it is flagged. */
function matchText(line: BankLineDTO): string {
  const to = line.accountId
    ? `Account ${line.accountName ?? line.accountId}${line.orderId ? ` (${line.orderId})` : ''}`
    : (line.orderId ?? '')
  return [to, line.note].filter(Boolean).join(': ')
}

/** One bank line, what it was matched to, and what the owner may do with it. */
export function BankLineRow({ line, onChanged }: { line: BankLineDTO; onChanged: () => unknown }) {
  const act = useAdminAction(onChanged)
  const label = `${line.date} ${rand(line.amount)}`
  const confirm = (target: { orderId: string } | { accountId: number }, name: string) =>
    act(() => confirmBankLine(line.id, target), {
      done: `Payment matched to ${name}`,
      failed: 'The payment could not be matched.',
    })
  return (
    <tr data-line={line.id}>
      <td>{line.date}</td>
      <td className="n">{rand(line.amount)}</td>
      <td>{line.description}</td>
      <td>{STATUS_LABELS[line.status]}</td>
      <td>{matchText(line)}</td>
      <td className="line-actions">
        {line.status !== 'matched' &&
          line.suggestions.map((s) => {
            const name = s.kind === 'order' ? s.orderId : `account ${s.name}`
            return (
              <button
                key={s.kind === 'order' ? s.orderId : `a${s.accountId}`}
                type="button"
                className="button"
                aria-label={`Confirm ${name} for ${label}`}
                onClick={() =>
                  confirm(
                    s.kind === 'order' ? { orderId: s.orderId } : { accountId: s.accountId },
                    name,
                  )
                }
              >
                Confirm {name} ({s.name}, {rand(s.due)}, by {s.by.join(' and ')})
              </button>
            )
          })}
        {line.status === 'flagged' && line.orderId && !/cancelled/.test(line.note ?? '') && (
          <button
            type="button"
            className="button"
            aria-label={`Accept ${line.orderId} for ${label}`}
            onClick={() => confirm({ orderId: line.orderId! }, line.orderId!)}
          >
            Accept as paid
          </button>
        )}
        {line.status === 'matched' ? (
          <button
            type="button"
            className="button ghost"
            aria-label={`Undo the match of ${label}`}
            onClick={() =>
              act(() => undoBankLine(line.id), {
                done: 'Match undone',
                failed: 'The match could not be undone.',
              })
            }
          >
            Undo
          </button>
        ) : line.status !== 'ignored' ? (
          <button
            type="button"
            className="button ghost"
            aria-label={`Ignore ${label}`}
            onClick={() =>
              act(() => ignoreBankLine(line.id), {
                done: 'Line ignored',
                failed: 'The line could not be ignored.',
              })
            }
          >
            Ignore
          </button>
        ) : null}
      </td>
    </tr>
  )
}
