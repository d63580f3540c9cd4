import { formatRand, type Cents } from '@/shared/money'
import type { Display } from '@/modules/pricing/display'

/**
 * The price a buyer pays now (`nowCents` when a quantity break lowers it), and the one it
 * replaces struck through when there is one; nothing for a viewer shown no prices.
 */
export function ProductPrice({
  display,
  nowCents,
  testId,
}: {
  display: Pick<Display, 'charged' | 'struck'>
  nowCents?: Cents
  testId?: string
}) {
  if (display.charged === null) return null
  const now = nowCents ?? display.charged
  return (
    <p className="product-price">
      <span className="price-now" data-testid={testId}>
        {formatRand(now)}
      </span>
      {display.struck !== null ? (
        <s className="price-was" aria-label={`was ${formatRand(display.struck)}`}>
          {formatRand(display.struck)}
        </s>
      ) : null}
    </p>
  )
}

/** "12 in stock", amber below the shop's low-stock line, and "Out of Stock" in red. */
export function StockLine({
  inStock,
  display,
}: {
  inStock: number
  display: Pick<Display, 'soldOut' | 'lowStock'>
}) {
  const tone = display.soldOut ? ' sold-out' : display.lowStock ? ' low' : ''
  return (
    <p className={`product-stock${tone}`}>
      {display.soldOut ? 'Out of Stock' : `${inStock} in stock`}
    </p>
  )
}
