import { adminOnly } from '@/modules/auth/admin-auth'
import { handle, json } from '@/platform/http/http'
import { getProduct } from '@/modules/catalogue/products'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async (_request: Request, { params }: { params: Promise<{ sku: string }> }) => {
    const { sku } = await params
    return json(await getProduct(sku))
  }),
)
