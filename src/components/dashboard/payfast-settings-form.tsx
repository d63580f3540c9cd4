'use client'

import { useState, type FormEvent } from 'react'

import type { PayfastSettingsDTO, PayfastSettingsInput } from '@/modules/payfast/schemas'
import { DEFAULT_CANCEL_AFTER_MINUTES, PAYFAST_LABEL } from '@/modules/payfast/schemas'

/**
 * The owner's PayFast merchant details. The passphrase is write-only: shown as set or not, and
 * left as it is unless a new one is typed (or "Clear" is ticked).
 */
export function PayfastSettingsForm({
  settings,
  onSave,
}: {
  settings: PayfastSettingsDTO
  onSave: (change: PayfastSettingsInput) => Promise<boolean>
}) {
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const change: PayfastSettingsInput = {
      merchantId: text('merchantId'),
      merchantKey: text('merchantKey'),
      sandbox: form.get('sandbox') === 'on',
      cancelAfterMinutes: Number(text('cancelAfterMinutes') || DEFAULT_CANCEL_AFTER_MINUTES),
    }
    if (form.get('clearPassphrase') === 'on') change.passphrase = ''
    else if (text('passphrase')) change.passphrase = text('passphrase')
    setBusy(true)
    if (await onSave(change)) {
      const passphrase = element.elements.namedItem('passphrase')
      if (passphrase instanceof HTMLInputElement) passphrase.value = ''
    }
    setBusy(false)
  }
  return (
    <form
      className="form-grid"
      aria-label="PayFast settings"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p className="hint">
        With merchant id, key and passphrase set, checkout offers “{PAYFAST_LABEL}”.{' '}
        {settings.ready ? 'PayFast is on.' : 'PayFast is off.'}
      </p>
      <span className="field">
        <label htmlFor="payfast-merchant-id">Merchant ID</label>
        <input
          id="payfast-merchant-id"
          name="merchantId"
          defaultValue={settings.merchantId}
          maxLength={20}
          autoComplete="off"
        />
      </span>
      <span className="field">
        <label htmlFor="payfast-merchant-key">Merchant key</label>
        <input
          id="payfast-merchant-key"
          name="merchantKey"
          defaultValue={settings.merchantKey}
          maxLength={40}
          autoComplete="off"
        />
      </span>
      <span className="field">
        <label htmlFor="payfast-passphrase">
          Passphrase ({settings.passphraseSet ? 'set' : 'not set'})
        </label>
        <input
          id="payfast-passphrase"
          name="passphrase"
          type="password"
          maxLength={100}
          autoComplete="new-password"
          placeholder={settings.passphraseSet ? 'Leave empty to keep it' : ''}
        />
      </span>
      {settings.passphraseSet ? (
        <label className="checkbox">
          <input type="checkbox" name="clearPassphrase" /> Clear the passphrase
        </label>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" name="sandbox" defaultChecked={settings.sandbox} /> Sandbox (test
        payments on sandbox.payfast.co.za)
      </label>
      <span className="field">
        <label htmlFor="payfast-cancel-after">Cancel an unpaid PayFast order after (minutes)</label>
        <input
          id="payfast-cancel-after"
          name="cancelAfterMinutes"
          type="number"
          min={5}
          step={1}
          defaultValue={settings.cancelAfterMinutes}
        />
      </span>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save PayFast settings'}
      </button>
    </form>
  )
}
