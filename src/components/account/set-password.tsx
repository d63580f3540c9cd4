'use client'

import { setPassword } from '@/client/account-api'
import { AccountForm } from './account-form'
import { PrivacyNote } from './privacy-note'

/** The page a buyer's one-time link opens: they choose a password and are signed in. */
export function SetPassword({ token }: { token: string }) {
  return (
    <AccountForm
      title="Set your password"
      submitText="Set Password"
      busyText="Saving..."
      footer={<PrivacyNote />}
      send={async (form) => {
        const password = String(form.get('password') ?? '')
        if (password !== form.get('confirm'))
          return { ok: false, error: 'The passwords do not match.' }
        return setPassword(token, password)
      }}
    >
      <label htmlFor="new-password">Password</label>
      <input id="new-password" name="password" type="password" autoComplete="new-password" />
      <label htmlFor="confirm-password">Confirm Password</label>
      <input id="confirm-password" name="confirm" type="password" autoComplete="new-password" />
    </AccountForm>
  )
}
