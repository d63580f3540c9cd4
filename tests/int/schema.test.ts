import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  ORDER_LINE_PARENT,
  ORDER_LINES,
  PRODUCT_IMAGE,
  PRODUCT_IMAGE_URL,
  PRODUCT_SEARCH_INDEXES,
  RAW_SQL_COLUMNS,
} from '@/platform/db/tables'
import { BUYER_SESSIONS, TRADE_ACCOUNTS } from '@/modules/accounts/repository'
import {
  PRICE_LIST_DISCOUNTS,
  PRICE_LIST_PRICES,
  PRICE_LISTS,
} from '@/modules/pricing/price-list-repository'
import { ORDER_EVENTS, ORDER_LINE_ROWS, ORDERS } from '@/modules/orders/order-row'
import { CREDIT_NOTE_LINES, CREDIT_NOTES } from '@/modules/orders/credit-note-row'
import { PRODUCTS } from '@/modules/catalogue/product-row'
import { DELIVERY_AREAS } from '@/modules/areas/repository'
import { ACCOUNT_LEDGER } from '@/modules/ledger/repository'
import { STOCK_MOVEMENTS } from '@/modules/stock/repository'
import { DRIVER_CASH_UPS, DRIVER_LINKS, DRIVER_MARKS } from '@/modules/driver/repository'
import { BANK_LINES, MONEY_RECEIVED } from '@/modules/payments/repository'
import { PAYFAST_PAYMENTS, PAYFAST_SETTINGS } from '@/modules/payfast/repository'
import { PAYMENT_PROOFS } from '@/modules/payment-proofs/repository'
import { AUDIT_LOG } from '@/modules/audit/repository'
import type { Shape } from '@/platform/db/row-shape'
import { sql } from '../helpers/api'
import { root } from '../helpers/launch'

describe('the names raw SQL uses', () => {
  it('all exist in the migrated schema', async () => {
    const rows = await sql<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema()`,
    )
    const columns = new Map<string, Set<string>>()
    for (const row of rows) {
      columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name))
    }
    for (const [table, used] of Object.entries(RAW_SQL_COLUMNS)) {
      expect(columns.has(table), `table ${table}`).toBe(true)
      const missing = used.filter((column) => !columns.get(table)!.has(column))
      expect(missing, `columns of ${table}`).toEqual([])
    }
  })

  it('match every declared row shape: each column, its type, nullability and enum values', async () => {
    for (const shape of [
      ORDERS,
      ORDER_LINE_ROWS,
      ORDER_EVENTS,
      CREDIT_NOTES,
      CREDIT_NOTE_LINES,
      PRODUCTS,
      DELIVERY_AREAS,
      PRICE_LISTS,
      TRADE_ACCOUNTS,
      BUYER_SESSIONS,
      ACCOUNT_LEDGER,
      STOCK_MOVEMENTS,
      PRICE_LIST_DISCOUNTS,
      PRICE_LIST_PRICES,
      DRIVER_LINKS,
      DRIVER_MARKS,
      DRIVER_CASH_UPS,
      MONEY_RECEIVED,
      AUDIT_LOG,
      BANK_LINES,
      PAYFAST_SETTINGS,
      PAYFAST_PAYMENTS,
      PAYMENT_PROOFS,
    ]) {
      const rows = await sql<{ column_name: string; udt_name: string; is_nullable: string }>(
        `SELECT column_name, udt_name, is_nullable FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`,
        [shape.name],
      )
      const declared = Object.entries(shape.columns as Shape)
        .map(([name, column]) => ({
          column_name: name,
          udt_name: column.udt,
          is_nullable: column.nullable ? 'YES' : 'NO',
        }))
        .sort((a, b) => (a.column_name < b.column_name ? -1 : 1))
      expect(rows, `columns of ${shape.name}`).toEqual(declared)
      for (const [name, column] of Object.entries(shape.columns as Shape)) {
        if (!column.labels) continue
        const labels = await sql<{ enumlabel: string }>(
          `SELECT enumlabel FROM pg_enum WHERE enumtypid = $1::regtype ORDER BY enumsortorder`,
          [column.udt],
        )
        expect(
          labels.map((l) => l.enumlabel),
          `values of ${shape.name}.${name}`,
        ).toEqual([...column.labels])
      }
    }
  })

  it('include the search indexes, as trigram indexes', async () => {
    const rows = await sql<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1::text[])`,
      [[...PRODUCT_SEARCH_INDEXES]],
    )
    expect(rows.map((row) => row.indexname).sort()).toEqual([...PRODUCT_SEARCH_INDEXES].sort())
    for (const row of rows) expect(row.indexdef).toContain('gin_trgm_ops')
  })

  it('are written only in src/platform/db/tables.ts', () => {
    const generated = [PRODUCT_IMAGE_URL, PRODUCT_IMAGE, ORDER_LINES, ORDER_LINE_PARENT]
    const files = fs
      .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('migrations') && !f.endsWith('.test.ts'))
      .filter((f) => f !== path.join('platform', 'db', 'tables.ts') && f !== 'payload-types.ts')
    expect(files.length).toBeGreaterThan(100)
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, 'src', file), 'utf8')
      for (const name of generated) expect(text.includes(name), `${name} in ${file}`).toBe(false)
    }
  })
})
