import { Tooltip } from '@/components/ui/tooltip'
import { lineDisplay, linePrice, type CartItem } from '@/client/cart/store'
import { formatRand } from '@/shared/money'
import { useCart } from './cart-provider'

/** One line of the cart: its price and rules, its quantity stepped by its case, and Remove. */
export function CartLine({ item }: { item: CartItem }) {
  const updateQuantity = useCart((s) => s.updateQuantity)
  const removeItem = useCart((s) => s.removeItem)
  const { step, largest } = lineDisplay(item)
  return (
    <li className="cart-line">
      <div className="cart-line-text">
        <p className="cart-line-name">{item.name}</p>
        <p className="cart-line-price">{formatRand(linePrice(item).unitCents)} each</p>
        <LineRules item={item} />
      </div>
      <div className="quantity" role="group" aria-label={`Quantity of ${item.name}`}>
        <Tooltip label="Decrease quantity">
          <button
            type="button"
            className="icon-button"
            aria-label={`Decrease quantity of ${item.name}`}
            onClick={() => updateQuantity(item.sku, item.quantity - step)}
          >
            −
          </button>
        </Tooltip>
        <span className="quantity-value" aria-live="polite" data-testid={`qty-${item.sku}`}>
          {item.quantity}
        </span>
        <Tooltip label="Increase quantity">
          <button
            type="button"
            className="icon-button"
            aria-label={`Increase quantity of ${item.name}`}
            disabled={item.quantity >= largest}
            onClick={() => updateQuantity(item.sku, item.quantity + step)}
          >
            +
          </button>
        </Tooltip>
      </div>
      <button
        type="button"
        className="link-button"
        aria-label={`Remove ${item.name} from cart`}
        onClick={() => removeItem(item.sku)}
      >
        Remove
      </button>
    </li>
  )
}

/** Which price break a line is on, how many more reach the next, and its case and minimum. */
function LineRules({ item }: { item: CartItem }) {
  const { applied, next } = linePrice(item)
  const notes: string[] = []
  if (applied) notes.push(`Bulk price from ${applied.from}`)
  if (next) {
    notes.push(`Add ${next.from - item.quantity} more for ${formatRand(next.priceCents)} each`)
  }
  if (item.caseSize && item.caseSize > 1) notes.push(`Sold in cases of ${item.caseSize}`)
  if (item.minQty && item.minQty > 1) notes.push(`Minimum ${item.minQty}`)
  if (notes.length === 0) return null
  return <p className="cart-line-rules">{notes.join(' · ')}</p>
}
