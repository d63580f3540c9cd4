import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The day's runs (issue 43, item 2): the place of an order among its run's stops, as the owner
 * put them (1 is the first stop; NULL: never placed, after the placed ones by the time ordered).
 * The index reads a day's orders across every area (the dashboard's Deliveries tab, and the next
 * day with runs), which (area, delivery_date) cannot answer without its area; a run's own reads
 * use either.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" ADD COLUMN "stop_position" integer;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_stop_position_positive"
    CHECK ("stop_position" IS NULL OR "stop_position" > 0);
  CREATE INDEX "orders_delivery_date_area_idx" ON "orders" ("delivery_date", "area")
    WHERE "delivery_date" IS NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "orders_delivery_date_area_idx";
  ALTER TABLE "orders" DROP COLUMN "stop_position";`)
}
