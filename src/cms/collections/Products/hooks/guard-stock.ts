import {
  ValidationError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
} from 'payload'

import { MAX_STOCK } from '@/shared/fields'
import { ADJUSTMENT_REASONS, type AdjustmentReason, type StockWrite } from '@/modules/stock/reasons'
import { keepStoredStock, lockStock, noteAdjustment } from '@/modules/catalogue/edit-repository'
import { inRequestTransaction, sqlOf } from '@/cms/collections/shared/request-sql'
import { payloadError } from '@/cms/payload-error'
import { writeAnyway } from '@/cms/saves'
import { isPlainObject } from '@/cms/saves/fingerprint'

export const STOCK_SEEN_MESSAGE =
  'stockSeen must be the whole number of units in stock when you read the product.'

/**
 * Whether an update through Payload (REST, GraphQL, the panel) sets the stock, read from what
 * it sent before Payload fills in the fields it left out. Through the API a new `inStock` comes
 * with `stockSeen`, the stock its sender saw (the panel sends it with every Save, as the page
 * loaded it): equal to `inStock` it is no stock write; without it, the write is refused. The
 * shop's own code (the Local API) is trusted to set stock as it says.
 */
export const noteStockWrite: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'update' || req.context.stockWrite) return args
  const data = (args as { data?: unknown }).data
  if (!isPlainObject(data) || data.inStock === undefined || data.inStock === null) return args
  const seen = data.stockSeen
  if (seen === undefined || seen === null) {
    req.context.stockWrite = { blind: req.payloadAPI !== 'local' } satisfies StockWrite
  } else if (!Number.isSafeInteger(seen)) {
    throw payloadError(STOCK_SEEN_MESSAGE, 400)
  } else if (Number(data.inStock) === seen) {
    delete data.inStock
  } else {
    req.context.stockWrite = { expected: seen as number } satisfies StockWrite
  }
  return args
}

/**
 * Stock changes only as stock changes. An update writes the stock only as a stock write (see
 * StockWrite) or "Adjust stock" in /cms (units in or out, added to the stock under the row's
 * lock); either holds the row lock from its check to the commit, so what it writes is exact.
 * Any other update leaves the stock out of its write (src/cms/saves), and the products_keep_stock
 * trigger keeps the row's stock as the database has it at the write all the same, so that a
 * stock read when the save began can never undo an order made since.
 */
export const guardStock: CollectionBeforeChangeHook = async ({
  collection,
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
  if (write?.blind) {
    throw stockError(
      'inStock',
      `Stock is now ${current}; send stockSeen with the stock you saw. Nothing was saved.`,
      { inStock: current },
    )
  }
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
  // Checked against the stock under the lock, not the one read when the save began.
  writeAnyway(req, collection.slug, id, 'inStock')
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
  moved?: { inStock: number; expectedInStock?: number },
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
