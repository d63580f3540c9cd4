import type { AccountDTO } from '@/modules/accounts/schemas'
import { PAYMENT_TERMS, TERMS_LABELS } from '@/modules/accounts/terms'
import type { PriceListDTO } from '@/modules/price-lists/schemas'
import { formatRand, toCents } from '@/shared/money'
import { AccountChoices } from './account-choices'
import type { Column } from './data-table'

type Actions = {
  /** Saves one change of the account's terms, credit limit, price list or sign-in. */
  onChange: (account: AccountDTO, patch: Record<string, unknown>) => void
  onSendLink: (account: AccountDTO) => void
  onStatement: (account: AccountDTO) => void
}

/** The trade accounts table's columns: each setting is changed in its cell and saved at once. */
export function accountColumns(
  lists: PriceListDTO[] | undefined,
  { onChange, onSendLink, onStatement }: Actions,
): Column<AccountDTO>[] {
  return [
    { header: 'Business', cell: (a) => a.businessName },
    { header: 'Contact', cell: (a) => a.contactName },
    { header: 'Phone', cell: (a) => a.phone },
    {
      header: 'Terms',
      cell: (a) => (
        <select
          aria-label={`Payment terms for ${a.businessName}`}
          value={a.paymentTerms}
          onChange={(e) => onChange(a, { paymentTerms: e.target.value })}
        >
          {PAYMENT_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {TERMS_LABELS[terms]}
            </option>
          ))}
        </select>
      ),
    },
    {
      header: 'Credit Limit',
      cell: (a) => (
        <input
          key={`${a.id}-${a.creditLimit}`}
          type="number"
          min="0"
          step="0.01"
          className="credit-limit"
          aria-label={`Credit limit for ${a.businessName}`}
          title={formatRand(toCents(a.creditLimit))}
          defaultValue={a.creditLimit}
          onBlur={(e) => {
            const value = e.target.value.trim()
            if (value !== '' && Number(value) !== a.creditLimit)
              onChange(a, { creditLimit: Number(value) })
          }}
        />
      ),
    },
    { header: 'Password', cell: (a) => (a.hasPassword ? 'Set' : 'Not yet') },
    {
      header: 'Prices',
      cell: (a) => <AccountChoices account={a} lists={lists} onChange={(p) => onChange(a, p)} />,
    },
    {
      header: 'Actions',
      className: () => 'actions',
      cell: (a) => (
        <>
          <button
            type="button"
            className="button small"
            onClick={() => onSendLink(a)}
            aria-label={`Send a password link to ${a.businessName}`}
          >
            Send Link
          </button>{' '}
          <button
            type="button"
            className="button small"
            onClick={() => onStatement(a)}
            aria-label={`Statement of ${a.businessName}`}
          >
            Statement
          </button>
        </>
      ),
    },
  ]
}
