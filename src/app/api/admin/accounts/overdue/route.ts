import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { overdueAccounts } from '@/modules/ledger/ledger'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** Accounts with something past due, most overdue first, each with its WhatsApp reminder. */
export const GET = handle(
  adminOnly(async () =>
    json(
      { accounts: await overdueAccounts(await getShop()) },
      {
        headers: { 'cache-control': 'private, no-store' },
      },
    ),
  ),
)
