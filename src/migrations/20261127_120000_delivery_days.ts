import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Delivery days per area (issue 43): an area's schedule (its weekdays, cut-off, closed dates and
 * cap, as src/modules/delivery/schemas.ts holds them; NULL: no delivery days, as before) and the
 * day each order is delivered. The index answers the cap's count of an area's orders on a day,
 * which placing an order runs under the area's row lock.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "delivery_areas" ADD COLUMN "delivery_schedule" jsonb;
  ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_schedule_shape"
    CHECK ("delivery_schedule" IS NULL OR jsonb_typeof("delivery_schedule") = 'null'
      OR (jsonb_typeof("delivery_schedule") = 'object'
      AND jsonb_typeof("delivery_schedule" -> 'days') = 'array'
      AND jsonb_array_length("delivery_schedule" -> 'days') > 0));
  ALTER TABLE "orders" ADD COLUMN "delivery_date" varchar;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_date_format"
    CHECK ("delivery_date" IS NULL OR "delivery_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
  CREATE INDEX "orders_area_delivery_date_idx" ON "orders" ("area", "delivery_date")
    WHERE "delivery_date" IS NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "orders_area_delivery_date_idx";
  ALTER TABLE "orders" DROP COLUMN "delivery_date";
  ALTER TABLE "delivery_areas" DROP COLUMN "delivery_schedule";`)
}
