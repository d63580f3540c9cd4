import { fromCents, toCents } from '@/lib/money'
import { deliveryAreasCache, encodeJson, type CachedAreas } from './caches'
import { getShop } from './payload'

export type DeliveryAreaDTO = { id: number; name: string; slug: string; fee: number }

/** Every delivery area, sorted by name. Public: Payload is the authority for this read. */
export async function listDeliveryAreas(): Promise<DeliveryAreaDTO[]> {
  const payload = await getShop()
  const { docs } = await payload.find({
    collection: 'delivery-areas',
    pagination: false,
    sort: 'name',
    overrideAccess: true,
  })
  return docs.map((a) => ({ id: a.id, name: a.name, slug: a.slug, fee: fromCents(toCents(a.fee)) }))
}

export function deliveryAreasJson(): Promise<CachedAreas> {
  return deliveryAreasCache.get(async () => ({ body: encodeJson(await listDeliveryAreas()) }))
}
