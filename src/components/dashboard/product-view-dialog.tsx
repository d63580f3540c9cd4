'use client'

import { Dialog } from '@/components/ui/dialog'
import { formatRand, toCents } from '@/lib/money'
import type { ProductDTO } from '@/lib/product'

export function ProductViewDialog({
  product,
  onClose,
}: {
  product: ProductDTO
  onClose: () => void
}) {
  const money = (v?: number) => (v === undefined ? '—' : formatRand(toCents(v)))
  return (
    <Dialog open onClose={onClose} title={product.name}>
      {product.imageURL ? (
        // eslint-disable-next-line @next/next/no-img-element -- a preview of the stored image as it is
        <img
          src={product.imageURL}
          alt={product.name}
          className="view-image"
          width={240}
          height={240}
        />
      ) : null}
      <dl className="facts">
        <dt>SKU</dt>
        <dd>{product.sku}</dd>
        <dt>Category</dt>
        <dd>{product.category}</dd>
        <dt>Price</dt>
        <dd>{money(product.price)}</dd>
        <dt>Special price</dt>
        <dd>{money(product.specialPrice)}</dd>
        <dt>Old price</dt>
        <dd>{money(product.oldPrice)}</dd>
        <dt>Stock</dt>
        <dd>{product.inStock}</dd>
        <dt>Description</dt>
        <dd>{product.description ?? '—'}</dd>
        <dt>Image URL</dt>
        <dd className="break">{product.imageURL ?? '—'}</dd>
      </dl>
    </Dialog>
  )
}
