import { NotFound } from '@/shared/errors'
import { findProduct } from '@/modules/catalogue/catalogue'
import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { productPreview } from '@/platform/edge/preview-image'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ sku: string }> }

/** The product's link preview (og:image), 1200x630, made from its photo. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { sku } = await params
  const product = await findProduct(await getShop(), sku)
  if (!product) throw new NotFound(`No product with sku ${sku}`)
  const jpeg = await productPreview(product.imageURL)
  return new Response(new Uint8Array(jpeg), {
    headers: {
      'content-type': 'image/jpeg',
      'content-length': String(jpeg.byteLength),
      // The page links it with ?v= from the photo's address: a new photo is a new address.
      'cache-control': 'public, max-age=86400',
    },
  })
})
