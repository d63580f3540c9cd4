import type { Payload } from 'payload'

import type { ProductDTO } from '@/lib/product'
import type { Media, Product } from '@/payload-types'
import { catalogueCache, encodeJson, type CachedCatalogue } from './caches'
import { getShop } from './payload'

export type { ProductDTO }

export function toProductDTO(doc: Product): ProductDTO {
  const dto: ProductDTO = {
    sku: doc.sku,
    name: doc.name,
    category: doc.category,
    price: doc.price,
    inStock: doc.inStock,
  }
  if (doc.specialPrice != null) dto.specialPrice = doc.specialPrice
  if (doc.oldPrice != null) dto.oldPrice = doc.oldPrice
  if (doc.description) dto.description = doc.description
  const imageURL = imageUrlOf(doc.image) ?? (doc.imageURL || undefined)
  if (imageURL) dto.imageURL = imageURL
  return dto
}

function imageUrlOf(image: Product['image']): string | undefined {
  if (!image || typeof image !== 'object') return undefined
  return (image as Media).url ?? undefined
}

/** Every product, sorted by name. Payload is the authority here: the catalogue is public. */
export async function listProducts(payload?: Payload): Promise<ProductDTO[]> {
  const shop = payload ?? (await getShop())
  const { docs } = await shop.find({
    collection: 'products',
    pagination: false,
    depth: 1,
    sort: 'name',
    overrideAccess: true,
  })
  return docs.map(toProductDTO)
}

/** Every product, decoded and encoded, from the in-process cache (see caches.ts). */
export function cachedCatalogue(): Promise<CachedCatalogue> {
  return catalogueCache.get(async () => {
    const products = await listProducts()
    return { products, body: encodeJson(products) }
  })
}
