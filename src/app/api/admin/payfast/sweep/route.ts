import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { cancelOverduePayfastOrders } from '@/modules/payfast/timeout'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** Runs the sweep of unpaid PayFast orders now, as each process does every minute. */
export const POST = handle(
  adminOnly(async () => json({ cancelled: await cancelOverduePayfastOrders(await getShop()) })),
)
