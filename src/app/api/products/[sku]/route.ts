import { adminActor, adminOnly } from '@/lib/server/admin-auth'
import { readJson } from '@/lib/server/body'
import { handle, json } from '@/lib/server/http'
import { deleteProduct, updateProduct } from '@/lib/server/products'
import { productUpdateSchema } from '@/lib/schemas/product'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ sku: string }> }

export const PUT = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { sku } = await params
    const patch = parseWith(productUpdateSchema, await readJson(request))
    return json(await updateProduct(sku, patch, adminActor(request)))
  }),
)

export const DELETE = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { sku } = await params
    await deleteProduct(sku)
    return json({ message: 'Product deleted', sku })
  }),
)
