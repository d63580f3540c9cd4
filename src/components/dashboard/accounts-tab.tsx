'use client'

import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import {
  accountsQuery,
  createAccount,
  overdueAccountsQuery,
  priceListsQuery,
  setupLink,
  updateAccount,
} from '@/client/admin-api'
import { accountColumns } from './account-columns'
import { AccountStatementDialog } from './account-statement-dialog'
import { OverdueAccounts } from './overdue-accounts'
import { PersonalDataTools } from './personal-data-tools'
import { NewAccountForm } from './account-form'
import { DataTable } from './data-table'
import { EmptyPanel } from './load-state'
import { SetupLinkDialog, type SetupLink } from './setup-link-dialog'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

/** Trade accounts: the owner adds a business buyer and sends them a link to set a password. */
export function AccountsTab() {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData(accountsQuery())
  const lists = useAdminData(priceListsQuery()).data
  const [sent, setSent] = useState<SetupLink | null>(null)
  const overdue = useAdminData(overdueAccountsQuery())
  const [statementOf, setStatementOf] = useState<{ id: number; businessName: string } | null>(null)
  const run = useAdminAction(refetch)
  const ask = useAdminAction()

  const columns = accountColumns(lists, {
    onChange: (account, patch) =>
      void run(() => updateAccount(account.id, patch), {
        done: `${account.businessName} saved`,
        failed: 'Failed to save the trade account.',
      }),
    onSendLink: (account) =>
      void ask(
        async () => {
          const { link, whatsapp } = await setupLink(account.id)
          setSent({ business: account.businessName, link, whatsapp })
        },
        { failed: 'Failed to make a password link.' },
      ),
    onStatement: setStatementOf,
  })

  return (
    <>
      <OverdueAccounts accounts={overdue.data?.accounts} onStatement={setStatementOf} />
      <NewAccountForm
        onSubmit={(body) =>
          run(() => createAccount(body), {
            done: 'Trade account created!',
            failed: 'Failed to create trade account.',
          })
        }
        lists={lists}
      />
      <DataTable
        label="Trade accounts"
        rows={data}
        rowKey={(a) => a.id}
        columns={columns}
        loading={loading}
        error={error}
        loadingText="Loading trade accounts…"
        failedTitle="Failed to Load Trade Accounts"
        failedDetail="Failed to fetch trade accounts"
        onRetry={() => void refetch()}
        empty={<EmptyPanel title="No Trade Accounts" text="Add the first business buyer above." />}
      />
      <PersonalDataTools onErased={() => void refetch()} />
      {statementOf ? (
        <AccountStatementDialog
          account={statementOf}
          onClose={() => {
            setStatementOf(null)
            void overdue.refetch()
          }}
        />
      ) : null}
      {sent ? (
        <SetupLinkDialog
          sent={sent}
          onClose={() => setSent(null)}
          onCopy={() =>
            void navigator.clipboard
              .writeText(sent.link)
              .then(() => toast({ title: 'Link copied', variant: 'success' }))
              .catch(() => toast({ title: 'Copy Failed', variant: 'error' }))
          }
        />
      ) : null}
    </>
  )
}
