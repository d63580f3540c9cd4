'use client'

/** Previous and Next for a list the server pages, with where the rows on screen sit in all. */
export function Pager({
  label,
  offset,
  shown,
  total,
  pageSize,
  onOffset,
}: {
  label: string
  offset: number
  shown: number
  total: number
  pageSize: number
  onOffset: (offset: number) => void
}) {
  if (total <= pageSize && offset === 0) return null
  const first = shown === 0 ? 0 : offset + 1
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <span>
        {first}–{offset + shown} of {total.toLocaleString('en-ZA')}
      </span>
      <button
        type="button"
        className="button small"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        Previous
      </button>
      <button
        type="button"
        className="button small"
        disabled={offset + shown >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        Next
      </button>
    </nav>
  )
}
