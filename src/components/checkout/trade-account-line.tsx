import Link from 'next/link'

import type { AccountDTO } from '@/modules/accounts/schemas'
import { buysOnAccount } from '@/modules/accounts/terms'

/** Who is buying: the trade account signed in, or where a trade buyer signs in. */
export function TradeAccountLine({
  account,
  onSignOut,
}: {
  account: AccountDTO | null
  onSignOut: () => void
}) {
  if (!account) {
    return (
      <p className="signed-in-as">
        Trade customer? <Link href="/account/sign-in">Sign in</Link>
      </p>
    )
  }
  return (
    <p className="signed-in-as">
      Signed in as <strong>{account.businessName}</strong>.{' '}
      {buysOnAccount(account.paymentTerms) ? (
        <>
          <Link href="/account/statement">Your statement</Link>{' '}
        </>
      ) : null}
      <button type="button" className="link-button" onClick={onSignOut}>
        Sign out
      </button>
    </p>
  )
}
