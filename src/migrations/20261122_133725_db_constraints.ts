import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Rules the database itself must enforce, so that no code path (the API, /cms, a script, a bug)
 * can sell stock that is not there or store a price that is not money.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ADD CONSTRAINT "products_in_stock_non_negative" CHECK ("in_stock" >= 0);
  ALTER TABLE "products" ADD CONSTRAINT "products_in_stock_whole" CHECK ("in_stock" = trunc("in_stock"));
  ALTER TABLE "products" ADD CONSTRAINT "products_price_positive" CHECK ("price" > 0);
  ALTER TABLE "products" ADD CONSTRAINT "products_special_price_positive" CHECK ("special_price" IS NULL OR "special_price" > 0);
  ALTER TABLE "products" ADD CONSTRAINT "products_old_price_positive" CHECK ("old_price" IS NULL OR "old_price" > 0);
  ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_fee_non_negative" CHECK ("fee" >= 0);
  ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_sum" CHECK ("total" = "subtotal" + "fee");
  ALTER TABLE "orders_items" ADD CONSTRAINT "orders_items_quantity_positive" CHECK ("quantity" > 0);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" DROP CONSTRAINT "products_in_stock_non_negative";
  ALTER TABLE "products" DROP CONSTRAINT "products_in_stock_whole";
  ALTER TABLE "products" DROP CONSTRAINT "products_price_positive";
  ALTER TABLE "products" DROP CONSTRAINT "products_special_price_positive";
  ALTER TABLE "products" DROP CONSTRAINT "products_old_price_positive";
  ALTER TABLE "delivery_areas" DROP CONSTRAINT "delivery_areas_fee_non_negative";
  ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_sum";
  ALTER TABLE "orders_items" DROP CONSTRAINT "orders_items_quantity_positive";`)
}
