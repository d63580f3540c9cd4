'use client'

import { useState, type FormEvent } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { cartQuote } from '@/client/cart/store'
import type { OrderDTO, PricesChangedDTO } from '@/modules/orders/order'
import { fetchProductsBySku } from '@/client/checkout-api'
import { belowMinimumMessage } from '@/modules/pricing/quote'
import { toCents } from '@/shared/money'
import { FULL_TAX_INVOICE_ABOVE } from '@/modules/orders/tax-invoice'
import {
  EMPTY_FORM,
  orderFromForm,
  type CheckoutField,
  type CheckoutForm,
  type FieldErrors,
} from './checkout-form'
import { CustomerFields } from './customer-fields'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary } from './order-summary'
import { PricesChanged } from './prices-changed'
import { TradeAccountLine } from './trade-account-line'
import { PrivacyNote } from '@/components/account/privacy-note'
import { buysOnAccount, TERMS_LABELS } from '@/modules/accounts/terms'
import { useTradeAccount } from './use-trade-account'
import { useDeliveryAreas } from './use-delivery-areas'
import { usePlaceOrder } from './use-place-order'

type Props = {
  open: boolean
  onClose: () => void
  freeFromCents: number
  /** The shop's minimum order before delivery; the chosen area's own replaces it. */
  minOrderCents: number | null
  /** A VAT-registered shop's order above R 5 000 asks for what a full tax invoice carries. */
  vatRegistered: boolean
  onPlaced: (order: OrderDTO) => void
}

export function CheckoutDialog({
  open,
  onClose,
  freeFromCents,
  minOrderCents,
  vatRegistered,
  onPlaced,
}: Props) {
  const items = useCart((s) => s.items)
  const refreshProducts = useCart((s) => s.refreshProducts)
  const toast = useToast()
  const { areas, error: areasError, reload: reloadAreas } = useDeliveryAreas(open)
  const [form, setForm] = useState<CheckoutForm>(EMPTY_FORM)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [changed, setChanged] = useState<PricesChangedDTO | null>(null)
  const trade = useTradeAccount(open, setForm)
  // The cart and the areas are read again, so what the buyer confirms is what the server charges.
  const { place, pending, waiting } = usePlaceOrder(onPlaced, (news) => {
    setChanged(news)
    void fetchProductsBySku(items.map((i) => i.sku))
      .then(refreshProducts)
      .catch(() => undefined)
    reloadAreas()
  })

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
  const minimumHint = belowMinimumMessage(quote)

  const set = (field: CheckoutField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending || waiting) return
    if (items.length === 0) {
      toast({
        title: 'Empty Cart',
        description: 'Please add items to your cart before checking out.',
        variant: 'error',
      })
      return
    }
    const checked = orderFromForm(form, items, quote)
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    if (await place(checked.order)) {
      setForm(EMPTY_FORM)
      setChanged(null)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Checkout" className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <TradeAccountLine account={trade.account} onSignOut={() => void trade.signOut()} />
        <CustomerFields
          form={form}
          errors={errors}
          set={set}
          businessOpen={Boolean(trade.account)}
          fullInvoice={vatRegistered && quote.total > FULL_TAX_INVOICE_ABOVE}
        />
        <DeliveryFields
          form={form}
          errors={errors}
          set={set}
          areas={areas}
          areasError={areasError}
          accountTerms={
            trade.account && buysOnAccount(trade.account.paymentTerms)
              ? TERMS_LABELS[trade.account.paymentTerms]
              : null
          }
        />
        <OrderSummary items={items} quote={quote} areaChosen={area !== undefined} />
        {minimumHint !== undefined ? (
          <p className="minimum-order-hint" role="status">
            {minimumHint}
          </p>
        ) : null}
        {changed ? <PricesChanged changed={changed} /> : null}
        <PrivacyNote />
        {waiting ? (
          <p className="waiting-for-signal" role="status">
            Waiting for signal: your order will be sent
          </p>
        ) : null}
        <button
          type="submit"
          className="button primary block"
          disabled={pending || waiting || minimumHint !== undefined}
        >
          {pending ? 'Processing Order...' : changed ? 'Confirm New Total' : 'Place Order'}
        </button>
      </form>
    </Dialog>
  )
}
