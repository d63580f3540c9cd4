/** Why a product's stock changed: every movement in the ledger has one of these. */
export const STOCK_REASONS = [
  'opening',
  'created',
  'edit',
  'import',
  'sale',
  'cancellation',
  'delivery',
  'damaged',
  'correction',
  'short-delivery',
] as const
export type StockReason = (typeof STOCK_REASONS)[number]

/** The reasons the owner gives when adjusting stock by hand. */
export const ADJUSTMENT_REASONS = ['delivery', 'damaged', 'correction'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]

export const REASON_LABELS: Record<StockReason, string> = {
  opening: 'Opening balance',
  created: 'Product created',
  edit: 'Edited',
  import: 'CSV import',
  sale: 'Sale',
  cancellation: 'Cancelled order',
  delivery: 'Delivery received',
  damaged: 'Damaged',
  correction: 'Count correction',
  'short-delivery': 'Short delivery',
}

/** One line of a product's ledger, as the API answers it. */
export type StockMovementDTO = {
  at: string
  change: number
  /** The stock right after this movement. */
  balance: number
  reason: StockReason
  orderId: string | null
  note: string | null
  actor: string | null
}

/**
 * An edit that sets a product's stock (the request context's `stockWrite`): with `expected`, only
 * if the stock is still what the editor saw. `blind`: one sent through /cms without the stock
 * its sender saw, which is refused (sent while orders come in, it would put back what they took).
 */
export type StockWrite = { expected?: number; blind?: boolean }
