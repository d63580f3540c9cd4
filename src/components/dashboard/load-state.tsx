/**
 * What a tab shows before its data is there: a loading line, or the spec's failure panel with a
 * retry. Renders nothing once data has arrived.
 */
export function LoadState({
  hasData,
  loading,
  error,
  loadingText,
  failedTitle,
  failedDetail,
  onRetry,
}: {
  hasData: boolean
  loading: boolean
  error?: Error
  loadingText: string
  failedTitle: string
  failedDetail?: string
  onRetry: () => void
}) {
  if (hasData) return null
  if (error) {
    return (
      <section className="state-panel" role="alert">
        <h2>{failedTitle}</h2>
        {failedDetail ? <p>{failedDetail}</p> : null}
        <button type="button" className="button" onClick={onRetry}>
          Try Again
        </button>
      </section>
    )
  }
  return loading ? <p aria-busy="true">{loadingText}</p> : null
}
