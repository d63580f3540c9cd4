import type { ShortReason, StopLineDTO } from '@/modules/driver/schemas'

/** The Delivered form's "Some items short?" as the driver fills it in. Browser-safe. */

/** What the driver has entered as short: units per sku (as typed) and why. */
export type ShortEntry = {
  open: boolean
  units: Record<string, string>
  reason: ShortReason | null
}

export const NO_SHORT: ShortEntry = { open: false, units: {}, reason: null }

/** A line's units that can still be short: ordered less what was credited already. */
export const unitsLeft = (line: StopLineDTO) => line.quantity - line.credited

/**
 * The short lines as the mark sends them, and why they cannot be sent yet: each a whole number
 * from 0 to the units left (none count until they all are), and a reason when any is short.
 */
export function shortLinesOf(
  lines: readonly StopLineDTO[],
  entry: ShortEntry,
): { lines: { sku: string; quantity: number }[]; problem?: string } {
  if (!entry.open) return { lines: [] }
  const taken: { sku: string; quantity: number }[] = []
  for (const line of lines) {
    const text = (entry.units[line.sku] ?? '').trim()
    if (!text) continue
    const quantity = Number(text)
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > unitsLeft(line))
      return { lines: [], problem: `Enter 0 to ${unitsLeft(line)} short for ${line.name}.` }
    if (quantity > 0) taken.push({ sku: line.sku, quantity })
  }
  // The lines still count (the amount to collect follows them) while the reason is missing.
  if (taken.length && !entry.reason) return { lines: taken, problem: 'Choose why items are short.' }
  return { lines: taken }
}
