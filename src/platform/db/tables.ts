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
 * Every column that raw SQL uses, by table, for the tables without a declared row shape (the
 * orders' are in src/modules/orders/order-row.ts and are checked whole).
 */
export const RAW_SQL_COLUMNS: Record<string, readonly string[]> = {
  products: [
    'id',
    'sku',
    'name',
    'category',
    'price',
    'special_price',
    'old_price',
    'description',
    PRODUCT_IMAGE_URL,
    PRODUCT_IMAGE,
    'in_stock',
    'updated_at',
    'min_qty',
    'case_size',
    'price_breaks',
  ],
  media: ['id', 'filename'],
  price_lists: ['id', 'name', 'updated_at'],
  delivery_areas: ['id', 'name', 'slug', 'fee', 'updated_at', 'min_order_value'],
  shop_settings: [
    'free_delivery_threshold',
    'min_order_value',
    'vat_registered',
    'vat_number',
    'vat_rate',
    'prices_for_buyers_only',
  ],
  invoice_counter: ['only', 'last'],
  admin_tokens: ['id', 'label', 'token_hash', 'revoked', 'last_used_at'],
  stock_movements: [
    'id',
    'product_id',
    'sku',
    'change',
    'reason',
    'order_id',
    'note',
    'actor',
    'created_at',
  ],
  order_events: ['id', 'order_id', 'at', 'actor', 'kind', 'message'],
  admin_auth_failures: ['client', 'failures', 'window_start'],
}
