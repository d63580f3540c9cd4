'use client'

import { LoadFailed } from '@/components/storefront/load-failed'

/**
 * What a shopper sees when a page could not be rendered at all, as while the database restarts:
 * the storefront's own "Failed to Load Products" panel instead of a blank screen.
 */
export default function ShopError() {
  return (
    <main className="not-found">
      <LoadFailed />
    </main>
  )
}
