import type { Metadata } from 'next'
import { cookies } from 'next/headers'
import Link from 'next/link'
import { redirect } from 'next/navigation'

import { getShop } from '@/cms/payload'
import { AccountProofs } from '@/components/account/account-proofs'
import { StatementView } from '@/components/statement/statement-view'
import { buyerOf } from '@/modules/accounts/accounts'
import { signInPath } from '@/modules/accounts/sign-in-path'
import { accountStatement } from '@/modules/ledger/ledger'
import { BUYER_COOKIE } from '@/platform/http/cookies'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your statement', robots: { index: false } }

/** The signed-in buyer's own statement, with their invoices' copies, to print or download. */
export default async function StatementPage() {
  const shop = await getShop()
  const account = await buyerOf(shop, (await cookies()).get(BUYER_COOKIE)?.value)
  if (!account) redirect(signInPath('/account/statement'))
  const statement = await accountStatement(shop, account.id)
  return (
    <main className="account-page statement-page">
      <p>
        <Link href="/">← Back to the shop</Link>
      </p>
      <h1>Statement: {account.businessName}</h1>
      <StatementView
        statement={statement}
        invoiceHref={(orderId) => `/api/account/orders/${encodeURIComponent(orderId)}/invoice`}
      />
      <AccountProofs
        orderIds={statement.openInvoices.flatMap((i) => (i.orderId ? [i.orderId] : []))}
      />
      <p className="statement-actions">
        <a
          className="button"
          href="/api/account/statement?format=html"
          target="_blank"
          rel="noopener"
        >
          Print statement
        </a>{' '}
        <a className="button" href="/api/account/statement?format=csv" download>
          Download CSV
        </a>
      </p>
    </main>
  )
}
