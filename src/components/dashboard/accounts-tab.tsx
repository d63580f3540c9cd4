'use client'

import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import type { AccountDTO } from '@/modules/accounts/schemas'
import type { PriceListDTO } from '@/modules/price-lists/schemas'
import { formatRand, toCents } from '@/shared/money'
import { PAYMENT_TERMS, TERMS_LABELS } from '@/modules/accounts/terms'
import type { OverdueDTO } from '@/modules/ledger/ledger'
import { AccountChoices } from './account-choices'
import { AccountStatementDialog } from './account-statement-dialog'
import { OverdueAccounts } from './overdue-accounts'
import { PersonalDataTools } from './personal-data-tools'
import { NewAccountForm } from './account-form'
import { DataTable } from './data-table'
import { failureToast } from './errors'
import { EmptyPanel } from './load-state'
import { SetupLinkDialog, type SetupLink } from './setup-link-dialog'
import { useAdminData } from './use-admin-data'

/** Trade accounts: the owner adds a business buyer and sends them a link to set a password. */
export function AccountsTab() {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData<AccountDTO[]>('/api/admin/accounts')
  const lists = useAdminData<PriceListDTO[]>('/api/admin/price-lists').data
  const [sent, setSent] = useState<SetupLink | null>(null)
  const overdue = useAdminData<{ accounts: OverdueDTO[] }>('/api/admin/accounts/overdue')
  const [statementOf, setStatementOf] = useState<{ id: number; businessName: string } | null>(null)

  const change = async (account: AccountDTO, patch: Record<string, unknown>) => {
    try {
      await adminFetch(`/api/admin/accounts/${account.id}`, {
        method: 'PATCH',
        body: JSON.stringify(patch),
      })
      toast({ title: `${account.businessName} saved`, variant: 'success' })
      await refetch()
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to save the trade account.')
      if (message) toast(message)
    }
  }

  const create = async (body: Record<string, unknown>) => {
    try {
      await adminFetch('/api/admin/accounts', { method: 'POST', body: JSON.stringify(body) })
      toast({ title: 'Trade account created!', variant: 'success' })
      await refetch()
      return true
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to create trade account.')
      if (message) toast(message)
      return false
    }
  }

  const sendLink = async (account: AccountDTO) => {
    try {
      const res = await adminFetch(`/api/admin/accounts/${account.id}/setup-link`, {
        method: 'POST',
      })
      const { link, whatsapp } = (await res.json()) as { link: string; whatsapp: string }
      setSent({ business: account.businessName, link, whatsapp })
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to make a password link.')
      if (message) toast(message)
    }
  }

  return (
    <>
      <OverdueAccounts accounts={overdue.data?.accounts} onStatement={setStatementOf} />
      <NewAccountForm onSubmit={create} lists={lists} />
      <DataTable
        label="Trade accounts"
        rows={data}
        rowKey={(a) => a.id}
        columns={[
          { header: 'Business', cell: (a) => a.businessName },
          { header: 'Contact', cell: (a) => a.contactName },
          { header: 'Phone', cell: (a) => a.phone },
          {
            header: 'Terms',
            cell: (a) => (
              <select
                aria-label={`Payment terms for ${a.businessName}`}
                value={a.paymentTerms}
                onChange={(e) => void change(a, { paymentTerms: e.target.value })}
              >
                {PAYMENT_TERMS.map((terms) => (
                  <option key={terms} value={terms}>
                    {TERMS_LABELS[terms]}
                  </option>
                ))}
              </select>
            ),
          },
          {
            header: 'Credit Limit',
            cell: (a) => (
              <input
                key={`${a.id}-${a.creditLimit}`}
                type="number"
                min="0"
                step="0.01"
                className="credit-limit"
                aria-label={`Credit limit for ${a.businessName}`}
                title={formatRand(toCents(a.creditLimit))}
                defaultValue={a.creditLimit}
                onBlur={(e) => {
                  const value = e.target.value.trim()
                  if (value !== '' && Number(value) !== a.creditLimit)
                    void change(a, { creditLimit: Number(value) })
                }}
              />
            ),
          },
          { header: 'Password', cell: (a) => (a.hasPassword ? 'Set' : 'Not yet') },
          {
            header: 'Prices',
            cell: (a) => (
              <AccountChoices account={a} lists={lists} onChange={(p) => void change(a, p)} />
            ),
          },
          {
            header: 'Actions',
            className: () => 'actions',
            cell: (a) => (
              <>
                <button
                  type="button"
                  className="button small"
                  onClick={() => void sendLink(a)}
                  aria-label={`Send a password link to ${a.businessName}`}
                >
                  Send Link
                </button>{' '}
                <button
                  type="button"
                  className="button small"
                  onClick={() => setStatementOf(a)}
                  aria-label={`Statement of ${a.businessName}`}
                >
                  Statement
                </button>
              </>
            ),
          },
        ]}
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
