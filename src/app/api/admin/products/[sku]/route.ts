import { adminOnly } from '@/app/_server/admin-only'
import { handle, json } from '@/platform/http/http'
import { getProduct } from '@/modules/catalogue/products'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async (_request: Request, { params }: { params: Promise<{ sku: string }> }) => {
    const { sku } = await params
    return json(await getProduct(await getShop(), sku))
  }),
)
