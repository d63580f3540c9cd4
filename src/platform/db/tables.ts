/**
 * The database names that the raw SQL in src/modules reads and writes. Payload generates them
 * from the collection configs, and some cannot be guessed: `imageURL` becomes `image_u_r_l`, the
 * `image` upload `image_id`, and an order's `items` array the table `orders_items` with
 * `_parent_id` and `_order`. Queries take those from the constants below, and
 * tests/int/schema.test.ts checks every name listed here against the migrated database, so a
 * change to a collection that renames one fails a test instead of an order.
 */
export const PRODUCT_IMAGE_URL = 'image_u_r_l'
export const PRODUCT_IMAGE = 'image_id'
export const ORDER_LINES = 'orders_items'
export const ORDER_LINE_PARENT = '_parent_id'
export const ORDER_LINE_POSITION = '_order'

/** The trigram indexes that answer any-case substring search on a product's name and sku. */
export const PRODUCT_SEARCH_INDEXES = ['products_name_trgm_idx', 'products_sku_trgm_idx'] as const

/**
 * Every column that raw SQL uses, by table, for the tables without a declared row shape. The
 * others declare their whole row with tableShape and are checked whole (see "One declaration per
 * table" in docs/architecture.md): orders, their lines and history in
 * src/modules/orders/order-row.ts, products in src/modules/catalogue/product-row.ts, and delivery
 * areas, price lists and their rules, trade accounts, buyers' sessions, the accounts' ledger and
 * the stock ledger in their repositories.
 */
export const RAW_SQL_COLUMNS: Record<string, readonly string[]> = {
  media: ['id', 'filename'],
  shop_settings: [
    'id',
    'shop_name',
    'tagline',
    'whatsapp_number',
    'free_delivery_threshold',
    'low_stock_threshold',
    'min_order_value',
    'shop_address',
    'vat_registered',
    'vat_number',
    'vat_rate',
    'vat_period',
    'prices_for_buyers_only',
    'theme_color',
    'offline_data_mb',
  ],
  invoice_counter: ['only', 'last'],
  credit_note_counter: ['only', 'last'],
  admin_tokens: ['id', 'label', 'token_hash', 'revoked', 'last_used_at'],
  auth_failures: ['kind', 'subject', 'failures', 'window_start'],
  owner_token: ['id', 'token_hash', 'source', 'updated_at'],
  kc_changes: ['id', 'topic', 'at'],
}
