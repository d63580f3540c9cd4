/** An order to be paid through PayFast is placed unpaid: the receipt's way on to pay it. */
export function PayNow({ payUrl }: { payUrl: string }) {
  return (
    <p className="receipt-pay-now" role="status">
      Your order is not paid yet.{' '}
      <a className="button primary" href={payUrl}>
        Continue to PayFast
      </a>
    </p>
  )
}
