import { formatRand, toCents } from '@/lib/money'
import type { ProductDTO } from '@/lib/server/catalogue'

export function ProductGrid({ products }: { products: ProductDTO[] }) {
  if (products.length === 0) return <p className="empty">No Products Found</p>
  return (
    <ul className="product-grid" aria-label="Products">
      {products.map((p, index) => (
        <li key={p.sku} className="product-card" data-sku={p.sku}>
          {p.imageURL ? (
            // eslint-disable-next-line @next/next/no-img-element -- sized variants come from Payload's media, not next/image
            <img
              src={p.imageURL}
              alt={p.name}
              width={400}
              height={400}
              loading={index < 12 ? 'eager' : 'lazy'}
            />
          ) : null}
          <h2>{p.name}</h2>
          <p className="sku">{p.sku}</p>
          <p className="price">
            {formatRand(toCents(p.specialPrice ?? p.price))}
            {p.specialPrice != null ? <s>{formatRand(toCents(p.price))}</s> : null}
          </p>
          <p className="stock">{p.inStock > 0 ? `${p.inStock} in stock` : 'Out of Stock'}</p>
        </li>
      ))}
    </ul>
  )
}
