import { adminOnly } from '@/app/_server/admin-only'
import { reorderStops } from '@/modules/delivery/day-runs'
import { stopOrderSchema } from '@/modules/delivery/runs'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'
import { runAddress, type RunContext } from '../run-address'

export const dynamic = 'force-dynamic'

/** The run's stops in a new order: exactly the run's order ids, the first stop first. */
export const PUT = handle(
  adminOnly(async (request: Request, context: RunContext) => {
    const address = await runAddress(context)
    const { orderIds } = parseWith(stopOrderSchema, await readJson(request))
    return json({ stops: await reorderStops(await getShop(), address, orderIds) })
  }),
)
