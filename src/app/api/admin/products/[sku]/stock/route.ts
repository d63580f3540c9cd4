import { stockAdjustmentSchema, stockQuerySchema } from '@/modules/stock/schemas'
import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { adjustStock, stockMovements } from '@/modules/stock/repository'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ sku: string }> }

/** The product's stock and its latest movements in the ledger, newest first. */
export const GET = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { sku } = await params
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { limit } = parseWith(stockQuerySchema, query)
    return json(await stockMovements(await getShop(), sku, limit))
  }),
)

/** "Adjust stock": a delivery received, damaged goods, a count corrected. */
export const POST = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { sku } = await params
    const adjustment = parseWith(stockAdjustmentSchema, await readJson(request))
    const shop = await getShop()
    await adjustStock(shop, sku, adjustment, adminActor(request))
    const { inStock, movements } = await stockMovements(shop, sku, 1)
    return json({ sku, inStock, movement: movements[0] }, { status: 201 })
  }),
)
