'use client'

import { useState } from 'react'

import { CartButton } from '@/components/cart/cart-button'
import { Tooltip } from '@/components/ui/tooltip'
import { SaveDataSwitch } from '@/components/offline/save-data'

type Props = {
  shopName: string
  tagline: string
  search: string
  onSearch: (value: string) => void
  showAdmin: boolean
}

export function Header({ shopName, tagline, search, onSearch, showAdmin }: Props) {
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
        <SaveDataSwitch />
        {showAdmin ? (
          // eslint-disable-next-line @next/next/no-html-link-for-pages -- /admin is its own app; next/link would add ~3 kB to every storefront load
          <a href="/admin" className="button admin-link">
            Admin
          </a>
        ) : null}
        <Tooltip label="View cart" align="end">
          <CartButton />
        </Tooltip>
      </div>
    </header>
  )
}
