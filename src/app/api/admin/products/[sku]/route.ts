import { adminOnly } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { getProduct } from '@/lib/server/products'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async (_request: Request, { params }: { params: Promise<{ sku: string }> }) => {
    const { sku } = await params
    return json(await getProduct(sku))
  }),
)
