import { adminOnly } from '@/app/_server/admin-only'
import { pickingList } from '@/modules/delivery/day-runs'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { runAddress, type RunContext } from '../run-address'

export const dynamic = 'force-dynamic'

/** Every product of the run summed, by category then sku, in cases and units. */
export const GET = handle(
  adminOnly(async (_request: Request, context: RunContext) =>
    json(await pickingList(await getShop(), await runAddress(context))),
  ),
)
