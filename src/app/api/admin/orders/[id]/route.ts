import { orderChangeSchema } from '@/lib/schemas/order-change'
import { adminActor, adminOnly } from '@/lib/server/admin-auth'
import { readJson } from '@/lib/server/body'
import { handle, json } from '@/lib/server/http'
import { changeOrder } from '@/lib/server/order-changes'
import { getOrder } from '@/lib/server/order-queries'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** One order as the owner sees it: where it stands, its payment and its history. */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id } = await params
    return json(await getOrder(id))
  }),
)

/** A new status, a payment recorded or undone, a note: answered with the order as it now is. */
export const PATCH = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { id } = await params
    const change = parseWith(orderChangeSchema, await readJson(request))
    return json(await changeOrder(id, change, adminActor(request)))
  }),
)
