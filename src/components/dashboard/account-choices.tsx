import type { AccountDTO } from '@/modules/accounts/schemas'
import type { PriceListDTO } from '@/modules/price-lists/schemas'

/** The price lists to choose from, with the shop's own prices first ('' sends null). */
export function PriceListOptions({ lists }: { lists: PriceListDTO[] | undefined }) {
  return (
    <>
      <option value="">Shop prices</option>
      {(lists ?? []).map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </>
  )
}

/** An account's price list and whether it may sign in, each saved as soon as it is changed. */
export function AccountChoices({
  account,
  lists,
  onChange,
}: {
  account: AccountDTO
  lists: PriceListDTO[] | undefined
  onChange: (patch: { priceListId?: number | null; active?: boolean }) => void
}) {
  return (
    <>
      <select
        aria-label={`Price list for ${account.businessName}`}
        value={account.priceListId ?? ''}
        onChange={(e) =>
          onChange({ priceListId: e.target.value === '' ? null : Number(e.target.value) })
        }
      >
        <PriceListOptions lists={lists} />
      </select>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={account.active}
          onChange={(e) => onChange({ active: e.target.checked })}
        />
        Active
      </label>
    </>
  )
}
