'use client'

/**
 * What a shopper sees when a page could not be rendered at all, as while the database restarts:
 * the spec's "Failed to Load Products" panel, whose Try Again reloads the page, instead of a
 * blank screen.
 */
export default function ShopError() {
  return (
    <main className="not-found">
      <section className="state-panel" role="alert">
        <h2>Failed to Load Products</h2>
        <p>Failed to fetch products</p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </section>
    </main>
  )
}
