/** The spec's "Failed to Load Products" panel: Try Again reloads the page. */
export function LoadFailed({ message = 'Failed to fetch products' }: { message?: string }) {
  return (
    <section className="state-panel" role="alert">
      <h2>Failed to Load Products</h2>
      <p>{message}</p>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </section>
  )
}
