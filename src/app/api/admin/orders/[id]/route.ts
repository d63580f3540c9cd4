import { orderChangeSchema } from '@/modules/orders/change-schema'
import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { changeOrder } from '@/modules/orders/change-order'
import { getOrder } from '@/modules/orders/repository'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** One order as the owner sees it: where it stands, its payment and its history. */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id } = await params
    return json(await getOrder(await getShop(), id))
  }),
)

/** A new status, a payment recorded or undone, a note: answered with the order as it now is. */
export const PATCH = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { id } = await params
    const change = parseWith(orderChangeSchema, await readJson(request))
    return json(await changeOrder(await getShop(), id, change, adminActor(request)))
  }),
)
