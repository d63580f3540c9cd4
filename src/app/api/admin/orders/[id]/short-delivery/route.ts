import { shortDeliverySchema } from '@/modules/orders/short-delivery-schema'
import { shortDeliver } from '@/modules/orders/short-delivery'
import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/**
 * Lines delivered short (damaged or missing): their units back in stock and a credit note for
 * them, answered 201 with the credit note; 409 for more units than are left to credit or an order
 * not out for delivery or delivered.
 */
export const POST = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { id } = await params
    const delivery = parseWith(shortDeliverySchema, await readJson(request))
    const note = await shortDeliver(await getShop(), id, delivery, adminActor(request))
    return json(note, { status: 201 })
  }),
)
