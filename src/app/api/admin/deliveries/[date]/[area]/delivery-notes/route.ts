import { adminOnly } from '@/app/_server/admin-only'
import { deliveryNotes } from '@/modules/delivery/day-runs'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { runAddress, type RunContext } from '../run-address'

export const dynamic = 'force-dynamic'

/** Each order of the run whole, in stop order, with the cash to collect at its door. */
export const GET = handle(
  adminOnly(async (_request: Request, context: RunContext) =>
    json(await deliveryNotes(await getShop(), await runAddress(context))),
  ),
)
