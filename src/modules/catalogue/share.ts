import { formatRand, toCents } from '@/shared/money'
import type { ProductDTO } from './product'

/** The words a shared product link carries: its name and today's price, then the link. */
export function shareText(
  product: Pick<ProductDTO, 'name' | 'price' | 'specialPrice'>,
  url: string,
) {
  return `${product.name}: ${formatRand(toCents(product.specialPrice ?? product.price))}\n${url}`
}

/** WhatsApp's own share address: the person picks the chat, the link brings the preview. */
export function whatsappShareLink(
  product: Pick<ProductDTO, 'name' | 'price' | 'specialPrice'>,
  url: string,
): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(product, url))}`
}
