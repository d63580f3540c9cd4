import type { Payload, Where } from 'payload'

import { Conflict, NotFound } from '@/shared/errors'
import type { OwnerProductDTO } from '@/modules/catalogue/product'
import type { ProductCreateInput, ProductUpdateInput } from '@/modules/catalogue/schemas'
import type { Product } from '@/payload-types'
import type { StockWrite } from '@/modules/stock/reasons'
import { skuTaken } from './product-repository'
import { toOwnerProductDTO } from './search-repository'
import { storeProductImage } from '@/platform/edge/images'

/*
 * Owner operations on products. Every caller has passed requireAdmin, so these use the Local API
 * with overrideAccess: the admin key, not a Payload login, is the authority here. Payload's hooks
 * still run (the upload checks, and naming the key's owner in the stock ledger); the change
 * feed's triggers tell every process of the write.
 */

export async function getProduct(payload: Payload, sku: string): Promise<OwnerProductDTO> {
  return toOwnerProductDTO(await findBySku(payload, sku))
}

export async function createProduct(
  payload: Payload,
  input: ProductCreateInput,
  actor: string,
  image?: Uint8Array,
): Promise<OwnerProductDTO> {
  if (await skuTaken(payload.db.pool, input.sku)) throw duplicate(input.sku)
  const imageId = image ? await storeProductImage(payload, image, input.sku, input.name) : undefined
  try {
    const created = await payload.create({
      collection: 'products',
      data: { ...input, ...(imageId ? { image: imageId } : {}) },
      depth: 1,
      overrideAccess: true,
      context: { actor },
    })
    return toOwnerProductDTO(created)
  } catch (error) {
    // A refused product (a duplicate sku that won a race, a rule) must not leave its image behind.
    if (imageId) {
      await payload
        .delete({ collection: 'media', id: imageId, overrideAccess: true })
        .catch((cleanup: unknown) => console.error('Could not remove an unused image', cleanup))
    }
    if (await skuTaken(payload.db.pool, input.sku)) throw duplicate(input.sku)
    throw error
  }
}

/**
 * A product edit changes stock only when it sends `inStock`: to that value, and with
 * `expectedInStock` (the stock the editor saw) only if the stock is still that, else a 409
 * with the stock now. The check and the write happen under the row's lock (hooks/guard-stock).
 */
export async function updateProduct(
  payload: Payload,
  sku: string,
  { inStock, expectedInStock, ...content }: ProductUpdateInput,
  actor: string,
): Promise<OwnerProductDTO> {
  const current = await findBySku(payload, sku)
  const stockWrite: StockWrite | undefined =
    inStock === undefined ? undefined : { expected: expectedInStock }
  const updated = await payload.update({
    collection: 'products',
    id: current.id,
    data: inStock === undefined ? content : { ...content, inStock },
    depth: 1,
    overrideAccess: true,
    context: { actor, stockWrite },
  })
  return toOwnerProductDTO(updated)
}

/** Orders keep their own snapshot of the lines, so deleting a product changes no order. */
export async function deleteProduct(payload: Payload, sku: string): Promise<void> {
  const current = await findBySku(payload, sku)
  await payload.delete({ collection: 'products', id: current.id, overrideAccess: true })
}

async function findBySku(payload: Payload, sku: string): Promise<Product> {
  const { docs } = await payload.find({
    collection: 'products',
    where: bySku(sku),
    limit: 1,
    depth: 1,
    overrideAccess: true,
  })
  if (!docs[0]) throw new NotFound(`No product with sku ${sku}.`, { sku })
  return docs[0]
}

const bySku = (sku: string): Where => ({ sku: { equals: sku } })

const duplicate = (sku: string) =>
  new Conflict(`A product with sku ${sku} already exists.`, { sku, field: 'sku' })
