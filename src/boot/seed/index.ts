import type { Payload } from 'payload'

import { DEFAULT_FREE_DELIVERY_FROM_RANDS } from '@/modules/settings/defaults'
import { directDatabaseUrl } from '@/env'
import { withConnectionLock } from '@/platform/db/advisory-lock'
import { DEMO_AREAS, DEMO_PRODUCTS } from './demo-data'
import { renderProductImage } from './product-image'

/** Any number: it only has to differ from other advisory locks this database sees. */
const SEED_LOCK_KEY = 4_020_500

/**
 * Seeds the demo shop once, on a database that has never been seeded and holds no products. An
 * advisory lock keeps two starting processes from seeding twice.
 */
export function seedIfEmpty(payload: Payload): Promise<boolean> {
  return withConnectionLock(directDatabaseUrl(), SEED_LOCK_KEY, async () => {
    const settings = await payload.findGlobal({ slug: 'shop-settings' })
    if (settings.seededAt) return false
    const { totalDocs } = await payload.count({ collection: 'products' })
    if (totalDocs === 0) await seedDemoShop(payload)
    await payload.updateGlobal({
      slug: 'shop-settings',
      data: { seededAt: new Date().toISOString() },
    })
    return totalDocs === 0
  })
}

/** Replaces products, delivery areas and media with the demo shop. Orders are kept. */
export async function resetDemoShop(payload: Payload): Promise<void> {
  await payload.delete({ collection: 'products', where: { id: { exists: true } } })
  await payload.delete({ collection: 'media', where: { id: { exists: true } } })
  await payload.delete({ collection: 'delivery-areas', where: { id: { exists: true } } })
  await seedDemoShop(payload)
  await payload.updateGlobal({
    slug: 'shop-settings',
    data: { seededAt: new Date().toISOString() },
  })
}

async function seedDemoShop(payload: Payload): Promise<void> {
  payload.logger.info('Seeding the demo shop…')
  await payload.updateGlobal({
    slug: 'shop-settings',
    data: {
      shopName: 'KC Wholesale',
      tagline: 'Your Trusted Wholesale Partner',
      whatsappNumber: '27821234567',
      freeDeliveryThreshold: DEFAULT_FREE_DELIVERY_FROM_RANDS,
      lowStockThreshold: 5,
    },
  })
  for (const area of DEMO_AREAS) {
    await payload.create({ collection: 'delivery-areas', data: { ...area, slug: '' } })
  }
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const png = await renderProductImage(product.category, index + 1)
    const image = await payload.create({
      collection: 'media',
      data: { alt: product.name },
      file: {
        data: png,
        mimetype: 'image/png',
        name: `${product.sku.toLowerCase()}.png`,
        size: png.length,
      },
    })
    await payload.create({ collection: 'products', data: { ...product, image: image.id } })
  }
  payload.logger.info(`Seeded ${DEMO_PRODUCTS.length} products and ${DEMO_AREAS.length} areas.`)
}
