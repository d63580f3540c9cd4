'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent, type ReactNode } from 'react'

import { PRICES_CHANGED } from '@/client/cart/prices-changed'
import type { AccountDTO } from '@/modules/accounts/schemas'
import { pathAfterSignIn } from '@/modules/accounts/sign-in-path'

type Props = {
  title: string
  submitText: string
  busyText: string
  /** The form's inputs; their values are read from the form when it is sent. */
  children: ReactNode
  send: (
    form: FormData,
  ) => Promise<{ ok: true; account: AccountDTO } | { ok: false; error: string }>
  footer?: ReactNode
}

/**
 * A buyer's account form: sends, says what went wrong, or goes to the shop signed in (back to the
 * page that asked for the sign-in, when one did).
 */
export function AccountForm({ title, submitText, busyText, children, send, footer }: Props) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const router = useRouter()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const answer = await send(new FormData(event.currentTarget)).catch(() => ({
      ok: false as const,
      error: 'Something went wrong. Please try again.',
    }))
    if (answer.ok) {
      window.dispatchEvent(new Event(PRICES_CHANGED))
      return router.push(pathAfterSignIn(window.location.search))
    }
    setError(answer.error)
    setBusy(false)
  }
  return (
    <main className="account-page">
      <h1>{title}</h1>
      <form className="account-form" onSubmit={submit} noValidate>
        {children}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? busyText : submitText}
        </button>
      </form>
      {footer}
    </main>
  )
}
