import type { Payload } from 'payload'

import { productDTO, type ProductDTO } from '@/lib/product'
import type { Media, Product } from '@/payload-types'
import { catalogueCache, encodeJson, type CachedCatalogue } from './caches'
import { getShop } from './payload'

export type { ProductDTO }

export function toProductDTO(doc: Product): ProductDTO {
  return productDTO({ ...doc, imageURL: imageUrlOf(doc.image) ?? doc.imageURL })
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
