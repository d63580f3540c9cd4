'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'

import {
  createCartStore,
  followOtherTabs,
  type CartState,
  type CartStore,
} from '@/client/cart/store'

const CartContext = createContext<CartStore | null>(null)

/**
 * One cart store per page, loaded from localStorage once React has hydrated, and following the
 * cart's changes in the shop's other tabs from then on.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createCartStore())
  useEffect(() => {
    void store.persist.rehydrate()
    return followOtherTabs(store, window)
  }, [store])
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>
}

export function useCart<T>(selector: (state: CartState) => T): T {
  const store = useContext(CartContext)
  if (!store) throw new Error('useCart must be used inside <CartProvider>')
  return useStore(store, selector)
}
