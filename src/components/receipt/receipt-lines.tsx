import { formatRand, toCents } from '@/shared/money'
import type { OrderDTO } from '@/modules/orders/order'
import { invoiceNumberText } from '@/modules/orders/receipt'

const money = (rands: number) => formatRand(toCents(rands))

/** What the order charged: each line, the totals and, for a VAT vendor, the VAT in them. */
export function ReceiptLines({ order }: { order: OrderDTO }) {
  return (
    <>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.sku}>
              <td>{item.name}</td>
              <td>{item.quantity}</td>
              <td>{formatRand(toCents(item.price) * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Delivery Fee</dt>
        <dd>{money(order.fee)}</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="receipt-total">
          {money(order.total)}
        </dd>
        {order.vat ? (
          <>
            <dt>VAT included ({order.vat.rate}%)</dt>
            <dd>{money(order.vat.amount)}</dd>
            <dt>VAT number</dt>
            <dd>{order.vat.sellerVatNumber}</dd>
            <dt>Tax invoice</dt>
            <dd>{invoiceNumberText(order.invoiceNumber)}</dd>
          </>
        ) : null}
      </dl>
    </>
  )
}
