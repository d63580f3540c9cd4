'use client'

import { signIn } from '@/client/account-api'
import { AccountForm } from './account-form'

/** A trade buyer signs in with the phone number the shop has for them. */
export function SignIn() {
  return (
    <AccountForm
      title="Sign in to your trade account"
      submitText="Sign In"
      busyText="Signing in..."
      send={(form) => signIn(String(form.get('phone') ?? ''), String(form.get('password') ?? ''))}
      footer={<p className="account-note">Forgot your password? Ask the shop for a new link.</p>}
    >
      <label htmlFor="sign-in-phone">Phone Number</label>
      <input id="sign-in-phone" name="phone" type="tel" autoComplete="tel" required />
      <label htmlFor="sign-in-password">Password</label>
      <input
        id="sign-in-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
    </AccountForm>
  )
}
