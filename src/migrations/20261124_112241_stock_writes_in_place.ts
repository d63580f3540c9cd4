import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * An order's stock write changes in_stock alone. While in_stock had an index, each such write
 * added a new entry to all eleven of the products' indexes (two of them trigram GIN indexes,
 * whose pending lists an order then filled and sometimes had to merge). Without it, and with
 * room left on each page for the new row version, PostgreSQL updates the row in place (HOT) and
 * touches no index. The low-stock filters read in_stock by scanning instead: one query of the
 * owner's, not one of every shopper's.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "products_in_stock_idx";
  ALTER TABLE "products" SET (fillfactor = 90);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" RESET (fillfactor);
  CREATE INDEX "products_in_stock_idx" ON "products" USING btree ("in_stock");`)
}
