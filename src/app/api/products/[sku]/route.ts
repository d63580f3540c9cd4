import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { deleteProduct, updateProduct } from '@/modules/catalogue/products'
import { productUpdateSchema } from '@/modules/catalogue/schemas'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ sku: string }> }

export const PUT = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const { sku } = await params
    const patch = parseWith(productUpdateSchema, await readJson(request))
    return json(await updateProduct(await getShop(), sku, patch, adminActor(request)))
  }),
)

export const DELETE = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { sku } = await params
    await deleteProduct(await getShop(), sku)
    return json({ message: 'Product deleted', sku })
  }),
)
