import { deliveryAreaListSchema, deliveryAreaSchema } from '@/lib/schemas/delivery-area'
import { adminOnly } from '@/lib/server/admin-auth'
import { readJson } from '@/lib/server/body'
import { createDeliveryArea, replaceDeliveryAreas } from '@/lib/server/delivery-areas'
import { handle, json } from '@/lib/server/http'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

export const POST = handle(
  adminOnly(async (request: Request) => {
    const area = parseWith(deliveryAreaSchema, await readJson(request))
    return json(await createDeliveryArea(area), { status: 201 })
  }),
)

/** Replaces the whole list; an area left out is deleted. */
export const PUT = handle(
  adminOnly(async (request: Request) => {
    const { areas } = parseWith(deliveryAreaListSchema, await readJson(request))
    return json(await replaceDeliveryAreas(areas))
  }),
)
