import { useState, type FormEvent } from 'react'

import { CATEGORIES } from '@/modules/catalogue/categories'
import type { PriceListChange } from '@/client/admin-api'
import type { PriceListDTO } from '@/modules/price-lists/schemas'

const percentsOf = (list?: PriceListDTO) =>
  Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      String(list?.discounts.find((d) => d.category === c)?.percentOff ?? ''),
    ]),
  )

/**
 * A price list's name and a percentage off for each category (empty for none): the new-list form,
 * and the edit dialog's body with `list` set. Fixed prices come and go by CSV.
 */
export function PriceListForm({
  list,
  submitText,
  onSubmit,
}: {
  list?: PriceListDTO
  submitText: string
  /** Resolves true when saved: a new list's form is then emptied. */
  onSubmit: (change: PriceListChange) => Promise<boolean>
}) {
  const [name, setName] = useState(list?.name ?? '')
  const [percents, setPercents] = useState(() => percentsOf(list))
  const idPrefix = list ? `list-${list.id}` : 'new-list'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const change: PriceListChange = {}
    if (!list || name.trim() !== list.name) change.name = name.trim()
    const before = percentsOf(list)
    if (!list || CATEGORIES.some((c) => percents[c]!.trim() !== before[c])) {
      change.discounts = CATEGORIES.filter((c) => percents[c]!.trim() !== '').map((category) => ({
        category,
        percentOff: Number(percents[category]),
      }))
    }
    if (await onSubmit(change)) {
      if (list) return
      setName('')
      setPercents(percentsOf())
    }
  }

  return (
    <form
      className="form-grid"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={list ? `Edit ${list.name}` : 'New price list'}
    >
      <span className="field">
        <label htmlFor={`${idPrefix}-name`}>List Name</label>
        <input id={`${idPrefix}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      </span>
      {CATEGORIES.map((category) => (
        <span key={category} className="field">
          <label htmlFor={`${idPrefix}-${category}`}>{category} % Off</label>
          <input
            id={`${idPrefix}-${category}`}
            type="number"
            min="0"
            max="99.99"
            step="0.01"
            value={percents[category]}
            onChange={(e) => setPercents((p) => ({ ...p, [category]: e.target.value }))}
          />
        </span>
      ))}
      <div className="form-actions">
        <button type="submit" className="button primary">
          {submitText}
        </button>
      </div>
    </form>
  )
}
