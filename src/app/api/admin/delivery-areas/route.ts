import { deliveryAreaListSchema, deliveryAreaSchema } from '@/modules/areas/schemas'
import { adminOnly } from '@/app/_server/admin-only'
import { readJson } from '@/platform/http/body'
import { createDeliveryArea, replaceDeliveryAreas } from '@/modules/areas/repository'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

export const POST = handle(
  adminOnly(async (request: Request) => {
    const area = parseWith(deliveryAreaSchema, await readJson(request))
    return json(await createDeliveryArea(await getShop(), area), { status: 201 })
  }),
)

/** Replaces the whole list; an area left out is deleted. */
export const PUT = handle(
  adminOnly(async (request: Request) => {
    const { areas } = parseWith(deliveryAreaListSchema, await readJson(request))
    return json(await replaceDeliveryAreas(await getShop(), areas))
  }),
)
