'use client'

import { useState, type FormEvent } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import type { OrderDTO, PricesChangedDTO } from '@/modules/orders/order'
import { fetchProductsBySku } from '@/client/checkout-api'
import { FULL_TAX_INVOICE_ABOVE } from '@/modules/orders/tax-invoice'
import { checkoutQuote } from './checkout-quote'
import { EMPTY_FORM, orderFromForm } from './checkout-form'
import { CustomerFields } from './customer-fields'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary } from './order-summary'
import { PricesChanged } from './prices-changed'
import { TradeAccountLine } from './trade-account-line'
import { PrivacyNote } from '@/components/account/privacy-note'
import { buysOnAccount, TERMS_LABELS } from '@/modules/accounts/terms'
import { useTradeAccount } from './use-trade-account'
import { useCheckoutForm } from './use-checkout-form'
import { useDeliveryAreas } from './use-delivery-areas'
import { usePlaceOrder } from './use-place-order'

const termsOf = (account: ReturnType<typeof useTradeAccount>['account']) =>
  account && buysOnAccount(account.paymentTerms) ? TERMS_LABELS[account.paymentTerms] : null

type Props = {
  open: boolean
  onClose: () => void
  freeFromCents: number
  /** The shop's minimum order before delivery; the chosen area's own replaces it. */
  minOrderCents: number | null
  /** A VAT-registered shop's order above R 5 000 asks for what a full tax invoice carries. */
  vatRegistered: boolean
  /** Offer "Card or instant EFT (PayFast)". */
  payfastReady: boolean
  onPlaced: (order: OrderDTO) => void
}

export function CheckoutDialog({
  open,
  onClose,
  freeFromCents,
  minOrderCents,
  vatRegistered,
  payfastReady,
  onPlaced,
}: Props) {
  const items = useCart((s) => s.items)
  const refreshProducts = useCart((s) => s.refreshProducts)
  const toast = useToast()
  const { areas, error: areasError, reload: reloadAreas } = useDeliveryAreas(open)
  const { form, setForm, errors, setErrors, set, dayVersion, dayClosed } = useCheckoutForm()
  const [changed, setChanged] = useState<PricesChangedDTO | null>(null)
  const trade = useTradeAccount(open, setForm)
  // The cart and the areas are read again, so what the buyer confirms is what the server charges.
  const onChanged = (news: PricesChangedDTO) => {
    setChanged(news)
    void fetchProductsBySku(items.map((i) => i.sku))
      .then(refreshProducts)
      .catch(() => undefined)
    reloadAreas()
  }
  const { place, pending, waiting } = usePlaceOrder(onPlaced, onChanged, dayClosed)

  const area = areas?.find((a) => a.slug === form.deliveryArea)
  const { quote, minimumHint } = checkoutQuote(items, area, {
    freeFromCents,
    minOrderCents,
  })

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
          accountTerms={termsOf(trade.account)}
          payfast={payfastReady}
          dayVersion={dayVersion}
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
