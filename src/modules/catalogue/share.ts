import { formatRand } from '@/shared/money'
import { chargedOf } from '@/modules/pricing/display'
import type { ShownProduct } from './product'

type Shared = Pick<ShownProduct, 'name' | 'price'> & { specialPrice?: number }

/**
 * The words a shared product link carries: its name and today's price (none while the shop shows
 * prices to signed-in buyers only), then the link.
 */
export function shareText(product: Shared, url: string) {
  const { price, specialPrice } = product
  if (price === null) return `${product.name}\n${url}`
  return `${product.name}: ${formatRand(chargedOf({ price, specialPrice }))}\n${url}`
}

/** WhatsApp's own share address: the person picks the chat, the link brings the preview. */
export function whatsappShareLink(product: Shared, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(product, url))}`
}
