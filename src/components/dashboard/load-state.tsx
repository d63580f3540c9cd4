import type { ReactNode } from 'react'

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

/**
 * A dashboard list: the loading line or failure panel until the rows arrive, then `empty` when
 * there are none, else the table that `children` draws, scrolling inside its own box.
 */
export function AdminList<T>({
  rows,
  empty,
  children,
  ...state
}: Omit<Parameters<typeof LoadState>[0], 'hasData'> & {
  rows: T[] | undefined
  empty: ReactNode
  children: (rows: T[]) => ReactNode
}) {
  return (
    <>
      <LoadState hasData={Boolean(rows)} {...state} />
      {rows && rows.length === 0 ? empty : null}
      {rows && rows.length > 0 ? <div className="table-wrap">{children(rows)}</div> : null}
    </>
  )
}

/** The spec's panel for a list with nothing in it. */
export function EmptyPanel({ title, text }: { title: string; text: string }) {
  return (
    <section className="state-panel">
      <h2>{title}</h2>
      <p>{text}</p>
    </section>
  )
}
