'use client'

import { useRef, useState, type FormEvent } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { cartQuote, linePrice } from '@/client/cart/store'
import { belowMinimumMessage } from '@/modules/pricing/quote'
import { formatRand, toCents } from '@/shared/money'
import type { OrderDTO } from '@/modules/orders/order'
import { orderSchema } from '@/modules/orders/schemas'
import { useDeliveryAreas } from './use-delivery-areas'
import { sendOrder } from '@/client/shop-api'

type Form = {
  customerName: string
  customerPhone: string
  customerAddress: string
  customerBusiness: string
  customerVatNumber: string
  deliveryArea: string
  paymentMethod: string
}
type Field = keyof Form

const EMPTY: Form = {
  customerName: '',
  customerPhone: '',
  customerAddress: '',
  customerBusiness: '',
  customerVatNumber: '',
  deliveryArea: '',
  paymentMethod: '',
}

/** Where each part of the order body is shown in the form. */
const FIELD_OF: Record<string, Field> = {
  'customer.name': 'customerName',
  'customer.phone': 'customerPhone',
  'customer.address': 'customerAddress',
  'customer.business': 'customerBusiness',
  'customer.vatNumber': 'customerVatNumber',
  area: 'deliveryArea',
  payment: 'paymentMethod',
}

type Props = {
  open: boolean
  onClose: () => void
  freeFromCents: number
  /** The shop's minimum order before delivery; the chosen area's own replaces it. */
  minOrderCents: number | null
  onPlaced: (order: OrderDTO) => void
}

export function CheckoutDialog({ open, onClose, freeFromCents, minOrderCents, onPlaced }: Props) {
  const items = useCart((s) => s.items)
  const clearCart = useCart((s) => s.clearCart)
  const updateQuantity = useCart((s) => s.updateQuantity)
  const toast = useToast()
  const { areas, error: areasError } = useDeliveryAreas(open)
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [pending, setPending] = useState(false)
  // One key per distinct order body: a double click or a retry sends the same key again.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined)

  const area = areas?.find((a) => a.slug === form.deliveryArea)
  const quote = cartQuote(
    items,
    area
      ? {
          slug: area.slug,
          name: area.name,
          feeCents: toCents(area.fee),
          minimumCents: area.minOrderValue === undefined ? null : toCents(area.minOrderValue),
        }
      : null,
    { freeFromCents, minimumCents: minOrderCents },
  )
  const { subtotal, fee, total, freeDelivery: free } = quote
  const minimumHint = belowMinimumMessage(quote)
  const belowMinimum = minimumHint !== undefined

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    if (items.length === 0) {
      toast({
        title: 'Empty Cart',
        description: 'Please add items to your cart before checking out.',
        variant: 'error',
      })
      return
    }
    const parsed = orderSchema.safeParse({
      customer: {
        name: form.customerName,
        phone: form.customerPhone,
        address: form.customerAddress || undefined,
        business: form.customerBusiness || undefined,
        vatNumber: form.customerVatNumber || undefined,
      },
      area: form.deliveryArea,
      payment: form.paymentMethod,
      items: items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
    })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.join('.')]
        if (field && !found[field]) found[field] = issue.message
      }
      setErrors(found)
      return
    }
    const body = JSON.stringify(parsed.data)
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() }
    setPending(true)
    try {
      const answer = await sendOrder(body, attempt.current.key)
      if (!answer.ok) {
        if (answer.status === 409 && answer.sku !== undefined && answer.available !== undefined) {
          updateQuantity(answer.sku, answer.available)
        }
        toast({
          title: 'Order Failed',
          description: answer.error ?? 'Failed to place order. Please try again.',
          variant: 'error',
        })
        return
      }
      const { order } = answer
      clearCart()
      setForm(EMPTY)
      attempt.current = undefined
      toast({
        title: 'Order Placed Successfully!',
        description: `Order ${order.orderId} has been created.`,
        variant: 'success',
      })
      onPlaced(order)
    } catch {
      toast({
        title: 'Order Failed',
        description: 'Failed to place order. Please try again.',
        variant: 'error',
      })
    } finally {
      setPending(false)
    }
  }

  const describedBy = (field: Field) => (errors[field] ? `${field}-error` : undefined)
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null

  return (
    <Dialog open={open} onClose={onClose} title="Checkout" className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Customer Information</legend>
          <label htmlFor="customerName">Full Name</label>
          <input
            id="customerName"
            value={form.customerName}
            onChange={(e) => set('customerName', e.target.value)}
            autoComplete="name"
            aria-invalid={!!errors.customerName}
            aria-describedby={describedBy('customerName')}
          />
          {error('customerName')}
          <label htmlFor="customerPhone">Phone Number</label>
          <input
            id="customerPhone"
            type="tel"
            value={form.customerPhone}
            onChange={(e) => set('customerPhone', e.target.value)}
            autoComplete="tel"
            aria-invalid={!!errors.customerPhone}
            aria-describedby={describedBy('customerPhone')}
          />
          {error('customerPhone')}
          <label htmlFor="customerAddress">Delivery Address (optional)</label>
          <textarea
            id="customerAddress"
            rows={2}
            value={form.customerAddress}
            onChange={(e) => set('customerAddress', e.target.value)}
            autoComplete="street-address"
          />
          {error('customerAddress')}
          <details
            className="business-details"
            open={!!(errors.customerBusiness || errors.customerVatNumber) || undefined}
          >
            <summary>Buying for a business? (optional, for a tax invoice)</summary>
            <label htmlFor="customerBusiness">Business Name</label>
            <input
              id="customerBusiness"
              value={form.customerBusiness}
              onChange={(e) => set('customerBusiness', e.target.value)}
              autoComplete="organization"
              aria-invalid={!!errors.customerBusiness}
              aria-describedby={describedBy('customerBusiness')}
            />
            {error('customerBusiness')}
            <label htmlFor="customerVatNumber">Business VAT Number</label>
            <input
              id="customerVatNumber"
              inputMode="numeric"
              value={form.customerVatNumber}
              onChange={(e) => set('customerVatNumber', e.target.value)}
              aria-invalid={!!errors.customerVatNumber}
              aria-describedby={describedBy('customerVatNumber')}
            />
            {error('customerVatNumber')}
          </details>
        </fieldset>

        <fieldset>
          <legend>Delivery &amp; Payment</legend>
          <label htmlFor="deliveryArea">Delivery Area</label>
          <select
            id="deliveryArea"
            value={form.deliveryArea}
            onChange={(e) => set('deliveryArea', e.target.value)}
            aria-invalid={!!errors.deliveryArea}
            aria-describedby={describedBy('deliveryArea')}
          >
            <option value="">
              {areas
                ? 'Select a delivery area'
                : areasError
                  ? 'Delivery areas unavailable'
                  : 'Loading areas…'}
            </option>
            {areas?.map((a) => (
              <option key={a.id} value={a.slug}>
                {a.name} ({formatRand(toCents(a.fee))})
              </option>
            ))}
          </select>
          {areasError ? (
            <p className="field-error" role="alert">
              {areasError}
            </p>
          ) : null}
          {error('deliveryArea')}
          <div
            role="radiogroup"
            aria-labelledby="payment-label"
            aria-describedby={describedBy('paymentMethod')}
            className="payment-options"
          >
            <span id="payment-label" className="label">
              Payment Method
            </span>
            {[
              ['cash', 'Cash on Delivery'],
              ['shop-to-shop', 'Shop-to-Shop Transfer'],
            ].map(([value, label]) => (
              <label key={value} className="radio">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={value}
                  checked={form.paymentMethod === value}
                  onChange={() => set('paymentMethod', value!)}
                />
                {label}
              </label>
            ))}
          </div>
          {error('paymentMethod')}
        </fieldset>

        <section className="order-summary" aria-labelledby="summary-title">
          <h3 id="summary-title">Order Summary</h3>
          <ul>
            {items.map((i) => (
              <li key={i.sku}>
                <span>
                  {i.quantity} × {i.name}
                </span>
                <span>{formatRand(linePrice(i).unitCents * i.quantity)}</span>
              </li>
            ))}
          </ul>
          <p>
            <span>Subtotal</span>
            <span data-testid="checkout-subtotal">{formatRand(subtotal)}</span>
          </p>
          <p>
            <span>Delivery Fee</span>
            <span data-testid="checkout-fee">
              {free ? 'Free delivery' : area ? formatRand(fee) : '—'}
            </span>
          </p>
          <p className="total">
            <span>Total</span>
            <span data-testid="checkout-total">{formatRand(total)}</span>
          </p>
        </section>

        {belowMinimum ? (
          <p className="minimum-order-hint" role="status">
            {minimumHint}
          </p>
        ) : null}
        <button type="submit" className="button primary block" disabled={pending || belowMinimum}>
          {pending ? 'Processing Order...' : 'Place Order'}
        </button>
      </form>
    </Dialog>
  )
}
