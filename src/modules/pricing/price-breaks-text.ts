/**
 * Quantity breaks as one line of text, for a CSV cell and the dashboard's form: `from:price`
 * pairs with `;` between them (`12:9.00;48:8.50`).
 */
export const PRICE_BREAKS_CELL_HINT =
  'priceBreaks must be like 12:9.00;48:8.50 (from how many units : the price of each)'

export function formatPriceBreaks(breaks: { from: number; price: number }[] | null | undefined) {
  return (breaks ?? []).map((b) => `${b.from}:${b.price.toFixed(2)}`).join(';')
}

/** A priceBreaks cell read back: [] when empty, undefined when it is not pairs of numbers. */
export function parsePriceBreaks(text: string): { from: number; price: number }[] | undefined {
  if (text.trim() === '') return []
  const breaks: { from: number; price: number }[] = []
  for (const pair of text.split(';')) {
    const match = /^\s*(\d{1,9})\s*:\s*(\d{1,9}(?:\.\d+)?)\s*$/.exec(pair)
    if (!match) return undefined
    breaks.push({ from: Number(match[1]), price: Number(match[2]) })
  }
  return breaks
}
