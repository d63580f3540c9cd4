import type { FormEvent } from 'react'

import { PAYMENT_TERMS, TERMS_LABELS } from '@/modules/accounts/terms'
import type { PriceListDTO } from '@/modules/price-lists/schemas'
import { PriceListOptions } from './account-choices'

/** The fields of a new trade account, as the owner types them. */
const FIELDS = [
  ['businessName', 'Business Name'],
  ['contactName', 'Contact Name'],
  ['phone', 'Phone Number'],
  ['deliveryAddress', 'Delivery Address'],
  ['vatNumber', 'VAT Number'],
  ['creditLimit', 'Credit Limit (R)'],
] as const

/** The owner's form for a new account: what the server needs, read from the form when sent. */
export function NewAccountForm({
  onSubmit,
  lists,
}: {
  /** Resolves true when the account was made: the form is then emptied. */
  onSubmit: (body: Record<string, unknown>) => Promise<boolean>
  lists: PriceListDTO[] | undefined
}) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    const body: Record<string, unknown> = { paymentTerms: form.get('paymentTerms') }
    if (form.get('priceListId')) body.priceListId = Number(form.get('priceListId'))
    for (const [name] of FIELDS) {
      const value = String(form.get(name) ?? '').trim()
      if (value === '') continue
      body[name] = name === 'creditLimit' ? Number(value) : value
    }
    if (await onSubmit(body)) element.reset()
  }
  return (
    <form
      className="form-grid"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="New trade account"
    >
      {FIELDS.map(([name, label]) => (
        <span key={name} className="field">
          <label htmlFor={`account-${name}`}>{label}</label>
          <input
            id={`account-${name}`}
            name={name}
            type={name === 'creditLimit' ? 'number' : name === 'phone' ? 'tel' : 'text'}
            {...(name === 'creditLimit' ? { min: 0, step: 0.01 } : {})}
          />
        </span>
      ))}
      <span className="field">
        <label htmlFor="account-paymentTerms">Payment Terms</label>
        <select id="account-paymentTerms" name="paymentTerms" defaultValue="cash-on-delivery">
          {PAYMENT_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {TERMS_LABELS[terms]}
            </option>
          ))}
        </select>
      </span>
      <span className="field">
        <label htmlFor="account-priceListId">Price List</label>
        <select id="account-priceListId" name="priceListId" defaultValue="">
          <PriceListOptions lists={lists} />
        </select>
      </span>
      <div className="form-actions">
        <button type="submit" className="button primary">
          Add Account
        </button>
      </div>
    </form>
  )
}
