import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { priceList, removePriceList, updatePriceList } from '@/modules/price-lists/price-lists'
import { priceListPatchSchema } from '@/modules/price-lists/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { listId, type Context } from './list-id'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async (_request: Request, context: Context) =>
    json(await priceList(await getShop(), await listId(context))),
  ),
)

/** Renames the list or replaces its percentages: only the fields sent change. */
export const PATCH = handle(
  adminOnly(async (request: Request, context: Context) => {
    const patch = parseWith(priceListPatchSchema, await readJson(request))
    return json(await updatePriceList(await getShop(), await listId(context), patch))
  }),
)

/** Deletes the list; its accounts go back to the shop's own prices. */
export const DELETE = handle(
  adminOnly(async (_request: Request, context: Context) => {
    await removePriceList(await getShop(), await listId(context))
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
  }),
)
