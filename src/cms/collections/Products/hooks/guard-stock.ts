import {
  ValidationError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
} from 'payload'

import { MAX_STOCK } from '@/shared/fields'
import { ADJUSTMENT_REASONS, type AdjustmentReason, type StockWrite } from '@/modules/stock/reasons'
import { keepStoredStock, lockStock, noteAdjustment } from '@/modules/catalogue/edit-repository'
import { inRequestTransaction, sqlOf } from '@/cms/collections/shared/request-sql'

/**
 * A product update that sets the stock (the request context's `stockWrite`): to the `inStock`
 * it sends, and only if the stock still is `expected`, the stock the editor saw, when given.
 */

/**
 * Whether an update through Payload (REST, GraphQL, the panel) sets the stock, read from what
 * it sent before Payload fills in the fields it left out. The panel sends every field, and with
 * it `stockSeen`, the stock as it loaded the page: an unchanged number there is no stock write.
 */
export const noteStockWrite: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'update' || req.context.stockWrite) return args
  const data = (args as { data?: Record<string, unknown> }).data
  if (data?.inStock === undefined || data.inStock === null) return args
  const seen = typeof data.stockSeen === 'number' ? data.stockSeen : undefined
  if (seen === undefined || Number(data.inStock) !== seen) {
    req.context.stockWrite = { expected: seen } satisfies StockWrite
  }
  return args
}

/**
 * Stock changes only as stock changes. Payload writes the whole row on every update, stock
 * included, as it read it when the operation began; an order in between would be undone. So an
 * update keeps the row's stock as the database has it at the write (the products_keep_stock
 * trigger), unless it is a stock write (see StockWrite) or "Adjust stock" in /cms (units in or
 * out, added to the stock under the row's lock). Either holds the row lock from its check to the
 * commit, so what it writes is exact.
 */
export const guardStock: CollectionBeforeChangeHook = async ({
  data,
  req,
  operation,
  originalDoc,
  context,
}) => {
  const adjustment = stockAdjustment(data)
  delete data.stockChange
  delete data.stockReason
  delete data.stockNote
  delete data.stockSeen
  if (operation !== 'update') return data
  if (!(await inRequestTransaction(req))) {
    throw new Error('A product update must run in a transaction to keep its stock exact.')
  }
  const run = sqlOf(req)
  const write = context.stockWrite as StockWrite | undefined
  if (!write && !adjustment) {
    await keepStoredStock(run, true)
    return data
  }
  if (write && adjustment) {
    throw stockError('stockChange', 'Set the stock or adjust it, not both in one save.')
  }
  const id = (originalDoc as { id: number }).id
  const current = await lockStock(run, id)
  if (write) {
    if (write.expected !== undefined && write.expected !== current) {
      throw stockError(
        'inStock',
        // No colon or comma: the panel's toast would read them as a list of fields.
        `The stock changed while you edited it. It is now ${current} and was ${write.expected} when you opened it. Nothing was saved.`,
        { inStock: current, expectedInStock: write.expected },
      )
    }
  } else {
    const next = current + adjustment!.change
    if (next < 0 || next > MAX_STOCK) {
      throw stockError(
        'stockChange',
        `Stock would be ${next}: it has ${current}, and must stay from 0 to ${MAX_STOCK}.`,
      )
    }
    data.inStock = next
    await noteAdjustment(run, adjustment!.reason, adjustment!.note)
  }
  await keepStoredStock(run, false)
  return data
}

/**
 * A refusal on a field, as Payload shows its own: a 400, or a 409 with the stock now when the
 * stock moved under the editor (so a form can offer the current value). The panel's toast says
 * the message itself rather than only the field's name.
 */
function stockError(
  path: string,
  message: string,
  moved?: { inStock: number; expectedInStock: number },
): ValidationError {
  const error = new ValidationError({ collection: 'products', errors: [{ path, message }] })
  error.message = message
  if (moved) Object.assign(error, { status: 409, data: { ...error.data, ...moved } })
  return error
}

function stockAdjustment(
  data: Record<string, unknown>,
): { change: number; reason: AdjustmentReason; note: string } | undefined {
  const change = data.stockChange
  if (change === null || change === undefined || change === 0) return undefined
  if (!Number.isInteger(change) || Math.abs(change as number) > MAX_STOCK) {
    throw stockError(
      'stockChange',
      `Adjust stock by a whole number of units, at most ${MAX_STOCK} either way.`,
    )
  }
  const reason = ADJUSTMENT_REASONS.find((r) => r === data.stockReason) ?? 'correction'
  const note = typeof data.stockNote === 'string' ? data.stockNote.trim().slice(0, 200) : ''
  return { change: change as number, reason, note }
}
