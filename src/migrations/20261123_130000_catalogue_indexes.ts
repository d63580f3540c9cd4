import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Indexes for reads that touch only the rows they show: any-case substring search on name and
 * sku (trigram GIN indexes, which ILIKE '%…%' can use), and the catalogue's name order, alone or
 * within a category, with the id as the tie-breaker every page needs.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
  CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);
  CREATE INDEX "products_name_order_idx" ON "products" USING btree ("name", "id");
  CREATE INDEX "products_category_name_idx" ON "products" USING btree ("category", "name", "id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "products_category_name_idx";
  DROP INDEX "products_name_order_idx";
  DROP INDEX "products_sku_trgm_idx";
  DROP INDEX "products_name_trgm_idx";`)
}
