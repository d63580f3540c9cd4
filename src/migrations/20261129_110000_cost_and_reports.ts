import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A product's cost price (owner-only: never in a public read) and, on each order line, the cost
 * as it was when the line was sold, so a later cost change does not rewrite past margins. The reports
 * (docs/reports.md) read orders by created_at and lines by their order through the indexes the
 * orders already have (no new index slows an order's INSERT); credit notes get one by issue time.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ADD COLUMN "cost_price" numeric;
  ALTER TABLE "products" ADD CONSTRAINT "products_cost_valid"
    CHECK (kc_is_money("cost_price", 10000000));
  ALTER TABLE "orders_items" ADD COLUMN "cost_price" numeric;
  ALTER TABLE "orders_items" ADD CONSTRAINT "orders_items_cost_valid"
    CHECK (kc_is_money("cost_price", 10000000));
  CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "credit_notes_issued_at_idx";
  ALTER TABLE "orders_items" DROP COLUMN "cost_price";
  ALTER TABLE "products" DROP COLUMN "cost_price";`)
}
