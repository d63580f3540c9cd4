import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A delivery fee above R 0, as the spec and every way in (the dashboard, the API, CSV, /cms)
 * already hold it: a free area would silently deliver for nothing, and free delivery is the
 * shop's threshold rule's to give. An area stored at R 0 earlier (only psql could) keeps the
 * constraint unvalidated for the rows already there until it is given a fee; new writes are held
 * to it at once.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "delivery_areas" DROP CONSTRAINT "delivery_areas_fee_non_negative";
  ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_fee_positive" CHECK ("fee" > 0) NOT VALID;
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM "delivery_areas" WHERE "fee" <= 0) THEN
      ALTER TABLE "delivery_areas" VALIDATE CONSTRAINT "delivery_areas_fee_positive";
    END IF;
  END $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "delivery_areas" DROP CONSTRAINT "delivery_areas_fee_positive";
  ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_fee_non_negative" CHECK ("fee" >= 0);`)
}
