'use client'

import { useState } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { Tooltip } from '@/components/ui/tooltip'
import { itemCount } from '@/lib/cart/store'

type Props = {
  shopName: string
  tagline: string
  search: string
  onSearch: (value: string) => void
  showAdmin: boolean
}

export function Header({ shopName, tagline, search, onSearch, showAdmin }: Props) {
  const count = useCart((s) => itemCount(s.items))
  const setOpen = useCart((s) => s.setOpen)
  // A shared search opens with its box showing, phones included.
  const [searchOpen, setSearchOpen] = useState(search !== '')
  return (
    <header className="shop-header">
      <div className="brand">
        <h1>{shopName}</h1>
        <p>{tagline}</p>
      </div>
      <div className={`search${searchOpen ? ' open' : ''}`}>
        <label htmlFor="product-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          placeholder="Search by name or SKU…"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="header-actions">
        <Tooltip label="Search products" anchorClassName="search-toggle-anchor">
          <button
            type="button"
            className="icon-button search-toggle"
            aria-label={searchOpen ? 'Hide search' : 'Show search'}
            aria-expanded={searchOpen}
            aria-controls="product-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </Tooltip>
        {showAdmin ? (
          // eslint-disable-next-line @next/next/no-html-link-for-pages -- /admin is its own app; next/link would add ~3 kB to every storefront load
          <a href="/admin" className="button admin-link">
            Admin
          </a>
        ) : null}
        <Tooltip label="View cart" align="end">
          <button
            type="button"
            className="icon-button cart-button"
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            onClick={() => setOpen(true)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path
                d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
              <circle cx="10" cy="20" r="1.5" fill="currentColor" />
              <circle cx="17" cy="20" r="1.5" fill="currentColor" />
            </svg>
            {count > 0 ? (
              <span className="cart-badge" data-testid="cart-count">
                {count}
              </span>
            ) : null}
          </button>
        </Tooltip>
      </div>
    </header>
  )
}
