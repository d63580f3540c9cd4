/**
 * A run's picking list, pure: every product summed over the run's order lines, sorted by
 * category then sku, each quantity in whole cases and loose units where the product has a case
 * size. Browser-safe: the printed list is written from it.
 */

/** One order line as the run's read gives it, with its product's category and case size now. */
export type PickedLine = {
  sku: string
  name: string
  quantity: number
  /** Null when the product has since been deleted. */
  category: string | null
  caseSize: number | null
}

/** One product to pick: how many units in all, and as cases and loose units. */
export type PickingLineDTO = {
  sku: string
  name: string
  category: string | null
  caseSize: number | null
  /** Every unit of it in the run. */
  units: number
  /** Whole cases, when it has a case size of more than one; else null. */
  cases: number | null
  /** The units left over after the whole cases (all of them without a case size). */
  loose: number
  /** "2 cases + 3 units", "1 case", "5 units". */
  quantity: string
}

/** GET /api/admin/deliveries/{date}/{area}/picking-list. */
export type PickingListDTO = {
  date: string
  area: string
  areaName: string
  orders: number
  lines: PickingLineDTO[]
  /** Every unit of every product in the run. */
  units: number
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * Units as whole cases and loose units. A case of one unit is no case: every unit would be one.
 * A quantity that is not whole cases (the case size changed after the order) leaves units over.
 */
export function casesAndUnits(
  units: number,
  caseSize: number | null,
): { cases: number | null; loose: number; text: string } {
  if (caseSize === null || caseSize <= 1)
    return { cases: null, loose: units, text: plural(units, 'unit') }
  const cases = Math.floor(units / caseSize)
  const loose = units - cases * caseSize
  const parts = [
    ...(cases > 0 ? [plural(cases, 'case')] : []),
    ...(loose > 0 || cases === 0 ? [plural(loose, 'unit')] : []),
  ]
  return { cases, loose, text: parts.join(' + ') }
}

/** Text order by code point, the same on every machine and locale (skus are ASCII). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The run's lines summed per sku, by category (a deleted product's lines last) then sku. The
 * name and case size are the product's as it is now, the name an order kept when it is gone.
 */
export function pickingLines(lines: readonly PickedLine[]): {
  lines: PickingLineDTO[]
  units: number
} {
  const bySku = new Map<string, PickedLine>()
  for (const line of lines) {
    const seen = bySku.get(line.sku)
    bySku.set(line.sku, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line })
  }
  const summed = [...bySku.values()].sort(
    (a, b) =>
      (a.category === null ? 1 : 0) - (b.category === null ? 1 : 0) ||
      byText(a.category ?? '', b.category ?? '') ||
      byText(a.sku, b.sku),
  )
  let units = 0
  const out = summed.map((line) => {
    units += line.quantity
    const split = casesAndUnits(line.quantity, line.caseSize)
    return {
      sku: line.sku,
      name: line.name,
      category: line.category,
      caseSize: line.caseSize,
      units: line.quantity,
      cases: split.cases,
      loose: split.loose,
      quantity: split.text,
    }
  })
  return { lines: out, units }
}
