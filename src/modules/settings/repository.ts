import type { Pool, PoolClient } from 'pg'

import type { Cents } from '@/shared/money'
import { DEFAULT_OFFLINE_DATA_MB, DEFAULT_THEME_COLOR } from '@/modules/web-app/rules'
import { DEFAULT_VAT_PERIOD, type VatPeriodKind } from '@/modules/vat/periods'
import { DEFAULT_FREE_DELIVERY_FROM_RANDS } from './defaults'

type Queryable = Pick<PoolClient, 'query'> | Pool

/** The settings' row as the shop reads it: money already in integer cents. */
export type SettingsRow = {
  shop_name: string
  tagline: string
  whatsapp_number: string
  free_delivery_cents: Cents
  low_stock_threshold: number
  min_order_cents: Cents | null
  shop_address: string | null
  vat_registered: boolean
  vat_number: string | null
  vat_rate: number
  /** Optional for rows built by hand before it existed; the read always has it. */
  vat_period?: VatPeriodKind
  prices_for_buyers_only: boolean
  theme_color: string
  offline_data_mb: number
  payfast_ready: boolean
}

/** The shop's settings as everything applies them: money in integer cents. */
export type ShopSettingsDTO = {
  shopName: string
  tagline: string
  whatsappNumber: string
  freeDeliveryThresholdCents: Cents
  lowStockThreshold: number
  /** The smallest order before delivery, or null for none (an area may set its own). */
  minOrderValueCents: Cents | null
  shopAddress: string | null
  vatRegistered: boolean
  vatNumber: string | null
  vatRate: number
  /**
   * The VAT return's period (modules/vat/periods.ts). Optional in the type so that settings
   * built by hand before it existed still type-check; every read fills it in.
   */
  vatPeriod?: VatPeriodKind
  /** Guests see products without prices and cannot order; signed-in trade buyers see theirs. */
  pricesForBuyersOnly: boolean
  /** The installed app's colour (#rrggbb). */
  themeColor: string
  /** How much a phone keeps for offline use, in megabytes. */
  offlineDataMb: number
  /**
   * Checkout offers PayFast: the owner has set merchant id, key and passphrase. Only this
   * boolean leaves the server; the credentials stay in payfast_settings (modules/payfast).
   */
  payfastReady: boolean
}

/**
 * The settings from their row: the one mapping, for getShopSettings' cached read and for a transaction
 * that must see them as they are when it commits (placing an order: lockQuoteInputs), which
 * reads the row itself with readSettings rather than take a copy the cache may still hold.
 */
export function shopSettingsOf(s: SettingsRow): ShopSettingsDTO {
  return {
    shopName: s.shop_name,
    tagline: s.tagline,
    whatsappNumber: s.whatsapp_number,
    freeDeliveryThresholdCents: s.free_delivery_cents,
    lowStockThreshold: s.low_stock_threshold,
    minOrderValueCents: s.min_order_cents,
    shopAddress: s.shop_address,
    vatRegistered: s.vat_registered,
    vatNumber: s.vat_number,
    vatRate: s.vat_rate,
    vatPeriod: s.vat_period ?? DEFAULT_VAT_PERIOD,
    pricesForBuyersOnly: s.prices_for_buyers_only,
    themeColor: s.theme_color,
    offlineDataMb: s.offline_data_mb,
    payfastReady: s.payfast_ready,
  }
}

/** What else a statement reads with the settings: its columns, and its join on the settings. */
export type AlsoRead = {
  /** Columns to read beside the settings' own (their names must differ). */
  columns: string
  /** A join onto the settings' row (`LEFT JOIN … ON …`), its parameters numbered from `first`. */
  join: (first: number) => string
  params: unknown[]
}

/**
 * The shop's one settings row (Payload's ShopSettings global makes it, on the first save), with
 * the global's defaults where it has none yet, as Payload's own read would fill them in. Money
 * leaves PostgreSQL as integer cents, the form it keeps until a card formats it. `also` reads
 * something else in the same statement (an order's area): one round trip, one snapshot.
 */
export async function readSettings(db: Queryable): Promise<SettingsRow>
export async function readSettings<T extends object>(
  db: Queryable,
  also: AlsoRead,
): Promise<SettingsRow & T>
export async function readSettings(
  db: Queryable,
  also?: AlsoRead,
): Promise<SettingsRow & Record<string, unknown>> {
  const params = [DEFAULT_FREE_DELIVERY_FROM_RANDS, DEFAULT_THEME_COLOR, DEFAULT_OFFLINE_DATA_MB]
  const { rows } = await db.query<SettingsRow & Record<string, unknown>>(
    `SELECT COALESCE(s.shop_name, 'KC Wholesale') AS shop_name,
            COALESCE(s.tagline, 'Your Trusted Wholesale Partner') AS tagline,
            COALESCE(s.whatsapp_number, '27821234567') AS whatsapp_number,
            round(COALESCE(s.free_delivery_threshold, $1) * 100)::int AS free_delivery_cents,
            COALESCE(s.low_stock_threshold, 5)::float8 AS low_stock_threshold,
            round(s.min_order_value * 100)::int AS min_order_cents,
            s.shop_address,
            COALESCE(s.vat_registered, false) AS vat_registered,
            s.vat_number,
            COALESCE(s.vat_rate, 15)::float8 AS vat_rate,
            COALESCE(s.vat_period::text, '${DEFAULT_VAT_PERIOD}') AS vat_period,
            COALESCE(s.prices_for_buyers_only, false) AS prices_for_buyers_only,
            COALESCE(s.theme_color, $2) AS theme_color,
            COALESCE(s.offline_data_mb, $3)::float8 AS offline_data_mb,
            EXISTS (SELECT 1 FROM payfast_settings p
                     WHERE p.merchant_id <> '' AND p.merchant_key <> '' AND p.passphrase <> '')
              AS payfast_ready
            ${also ? `, ${also.columns}` : ''}
       FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM shop_settings ORDER BY id LIMIT 1) s ON true
       ${also ? also.join(params.length + 1) : ''}`,
    [...params, ...(also?.params ?? [])],
  )
  return rows[0]!
}
