import Link from 'next/link'
import type React from 'react'

/** The frame of the PayFast pages: a way back to the shop, a heading, what happened. */
export function PayfastPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="account-page payfast-page">
      <p>
        <Link href="/">← Back to the shop</Link>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  )
}

/** The signed form that takes the buyer to PayFast: posted only when they press the button. */
export function PayfastForm({
  action,
  fields,
  total,
  orderId,
}: {
  action: string
  fields: readonly (readonly [string, string])[]
  total: string
  orderId: string
}) {
  return (
    <form method="post" action={action} className="payfast-form">
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>
        Order {orderId}: <strong>R {total.replace('.', ',')}</strong> to pay by card or instant EFT
        on PayFast&apos;s secure page.
      </p>
      <button type="submit" className="btn btn-primary">
        Pay now with PayFast
      </button>
    </form>
  )
}

export type PayfastState = 'paid' | 'waiting' | 'cancelled'

/** What happened to an order's payment, in words, with the next step. */
export function PayfastOutcome({
  state,
  orderId,
  payUrl,
  left,
  whatsappNumber,
}: {
  state: PayfastState
  orderId: string
  /** Set while the order can still be paid: the hand-over page. */
  payUrl?: string
  /** Whether the buyer left PayFast without paying (the cancel page). */
  left?: boolean
  whatsappNumber: string
}) {
  if (state === 'paid')
    return (
      <p role="status">PayFast has confirmed your payment. Thank you: order {orderId} is paid.</p>
    )
  if (state === 'cancelled')
    return (
      <>
        <p role="status">
          Order {orderId} was cancelled because it was not paid in time, and its items went back on
          the shelf.
        </p>
        <p>
          <Link href="/">Place a new order</Link>
        </p>
      </>
    )
  return (
    <>
      <p role="status">
        {left
          ? `You left PayFast without paying. Order ${orderId} is kept for you, unpaid, for a while.`
          : `Waiting for PayFast's confirmation of your payment for order ${orderId}. This can take a minute.`}
      </p>
      <ul className="payfast-next">
        {left ? null : (
          <li>
            <a href="">Check again</a>
          </li>
        )}
        {payUrl ? (
          <li>
            <a href={payUrl}>{left ? 'Try again with PayFast' : 'Pay with PayFast again'}</a>
          </li>
        ) : null}
        <li>
          Choose another payment: message us on{' '}
          <a
            href={`https://wa.me/${whatsappNumber}?text=${encodeURIComponent(`Order ${orderId}: I would like to pay another way.`)}`}
          >
            WhatsApp
          </a>{' '}
          quoting order {orderId}.
        </li>
      </ul>
    </>
  )
}
