'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

import { currentAccount, signOut } from '@/client/account-api'
import { PRICES_CHANGED } from '@/client/cart/prices-changed'
import type { AccountDTO } from '@/modules/accounts/schemas'
import type { CheckoutForm } from './checkout-form'

/**
 * The signed-in trade buyer, asked for when checkout opens (guests get a 401 and a blank form),
 * and the fields their account fills: only those the buyer has not typed in yet. `fill` is the
 * form's state setter, whose identity never changes.
 */
export function useTradeAccount(
  open: boolean,
  fill: (from: (form: CheckoutForm) => CheckoutForm) => void,
) {
  const [account, setAccount] = useState<AccountDTO | null>(null)
  const router = useRouter()
  useEffect(() => {
    if (!open) return
    let cancelled = false
    currentAccount()
      .then((found) => {
        if (cancelled || !found) return
        setAccount(found)
        fill((form) => ({
          ...form,
          customerName: form.customerName || found.contactName,
          customerPhone: form.customerPhone || found.phone,
          customerAddress: form.customerAddress || (found.deliveryAddress ?? ''),
          customerBusiness: form.customerBusiness || found.businessName,
          customerVatNumber: form.customerVatNumber || (found.vatNumber ?? ''),
        }))
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [open, fill])
  const leave = async () => {
    await signOut()
    setAccount(null)
    // A guest cannot buy on account.
    fill((form) => (form.paymentMethod === 'account' ? { ...form, paymentMethod: '' } : form))
    // The cart and the page behind checkout go back to everyone's prices.
    window.dispatchEvent(new Event(PRICES_CHANGED))
    router.refresh()
  }
  return { account, signOut: leave }
}
