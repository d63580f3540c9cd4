import type { PricesChangedDTO } from '@/modules/orders/order'
import { formatRand, toCents } from '@/shared/money'

/** What changed since the buyer filled the cart, shown above the button that confirms it. */
export function PricesChanged({ changed }: { changed: PricesChangedDTO }) {
  return (
    <div className="prices-changed" role="alert">
      <p>
        <strong>Prices have changed</strong>
      </p>
      <ul>
        {changed.lines.map((line) => (
          <li key={line.sku}>
            {line.name}: <s>{formatRand(toCents(line.expectedPrice))}</s>{' '}
            {formatRand(toCents(line.price))} each
          </li>
        ))}
      </ul>
      <p>
        New total: <strong data-testid="changed-total">{formatRand(toCents(changed.total))}</strong>
        . Please confirm to place your order.
      </p>
    </div>
  )
}
