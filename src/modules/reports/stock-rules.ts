/*
 * The stock report's arithmetic, pure: days of cover and how much to reorder. A rate is units
 * per day over a window of days; cover is the days the stock lasts at it.
 */

/** Days the stock lasts at `sold` units over `windowDays`, to one decimal; null when none sold. */
export function coverDays(inStock: number, sold: number, windowDays: number): number | null {
  if (sold <= 0) return null
  return Math.round((inStock / (sold / windowDays)) * 10) / 10
}

/**
 * The units that bring the stock up to `coverDays` of the last 30 days' sales, rounded up to
 * whole cases when the product has a case size, and those cases. Nothing when it already has
 * that cover or sold nothing.
 */
export function suggestedOrder(
  inStock: number,
  sold30: number,
  cover: number,
  caseSize: number | null,
): { units: number; cases: number | null } {
  // In whole units times 30, so no fraction of a float rounds a case up.
  const wanted = Math.ceil((sold30 * cover - inStock * 30) / 30)
  const units = Math.max(0, wanted)
  if (!caseSize || caseSize <= 1) return { units, cases: caseSize ? units : null }
  const cases = Math.ceil(units / caseSize)
  return { units: cases * caseSize, cases }
}
