import { BadInput } from '@/shared/errors'
import { productCreateSchema } from '@/modules/catalogue/schemas'
import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { parseJsonText, readBytes, readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { JSON_BODY_LIMIT, PRODUCT_WITH_IMAGE_BODY_BYTES } from '@/platform/http/body-limits'
import { createProduct } from '@/modules/catalogue/products'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** JSON, or multipart with a `data` JSON part and an optional `image` file. */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const type = request.headers.get('content-type') ?? ''
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      return json(
        await createProduct(
          await getShop(),
          // JSON alone takes the API's limit, not the family's room for a photo.
          parseWith(productCreateSchema, await readJson(request, JSON_BODY_LIMIT)),
          adminActor(request),
        ),
        {
          status: 201,
        },
      )
    }
    const bytes = await readBytes(request, PRODUCT_WITH_IMAGE_BODY_BYTES)
    let form: FormData
    try {
      form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
    } catch {
      throw new BadInput('The multipart body could not be read.', { field: 'body' })
    }
    const data = form.get('data')
    if (typeof data !== 'string') {
      throw new BadInput('Send the product as a JSON `data` part.', { field: 'data' })
    }
    const input = parseWith(productCreateSchema, parseJsonText(data, 'data'))
    const image = form.get('image')
    const imageBytes =
      image instanceof Blob && image.size > 0
        ? new Uint8Array(await image.arrayBuffer())
        : undefined
    return json(await createProduct(await getShop(), input, adminActor(request), imageBytes), {
      status: 201,
    })
  }),
)
