'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'

import {
  createCartStore,
  followOtherTabs,
  type CartState,
  type CartStore,
} from '@/client/cart/store'
import { refreshCartPrices } from '@/client/cart/fresh-prices'
import { PRICES_CHANGED } from '@/client/cart/prices-changed'

const CartContext = createContext<CartStore | null>(null)

/**
 * One cart store per page, loaded from localStorage once React has hydrated, and following the
 * cart's changes in the shop's other tabs from then on. Its prices are read again once loaded
 * and whenever a buyer signs in or out.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createCartStore())
  useEffect(() => {
    const refresh = () => void refreshCartPrices(store)
    void Promise.resolve(store.persist.rehydrate()).then(refresh)
    window.addEventListener(PRICES_CHANGED, refresh)
    const unfollow = followOtherTabs(store, window)
    return () => {
      window.removeEventListener(PRICES_CHANGED, refresh)
      unfollow()
    }
  }, [store])
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>
}

export function useCart<T>(selector: (state: CartState) => T): T {
  const store = useContext(CartContext)
  if (!store) throw new Error('useCart must be used inside <CartProvider>')
  return useStore(store, selector)
}
