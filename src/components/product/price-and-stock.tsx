import { formatRand, type Cents } from '@/shared/money'

/** The price a buyer pays now, and the one it replaces struck through when there is one. */
export function ProductPrice({
  nowCents,
  wasCents,
  testId,
}: {
  nowCents: Cents
  wasCents?: Cents
  testId?: string
}) {
  return (
    <p className="product-price">
      <span className="price-now" data-testid={testId}>
        {formatRand(nowCents)}
      </span>
      {wasCents !== undefined ? (
        <s className="price-was" aria-label={`was ${formatRand(wasCents)}`}>
          {formatRand(wasCents)}
        </s>
      ) : null}
    </p>
  )
}

/** "12 in stock", amber below the shop's low-stock line, and "Out of Stock" in red. */
export function StockLine({
  inStock,
  soldOut,
  lowStock,
}: {
  inStock: number
  soldOut: boolean
  lowStock: number
}) {
  const tone = soldOut ? ' sold-out' : inStock < lowStock ? ' low' : ''
  return (
    <p className={`product-stock${tone}`}>{soldOut ? 'Out of Stock' : `${inStock} in stock`}</p>
  )
}
