import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A VAT-registered shop has an address: every tax invoice must carry the supplier's (VAT Act
 * s20(4)). /cms refuses the settings without one; this holds psql to it too. A shop registered
 * earlier without an address keeps the constraint unvalidated until it gives one; new writes are
 * held to it at once.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_vat_needs_address"
    CHECK (NOT coalesce("vat_registered", false) OR btrim(coalesce("shop_address", '')) <> '') NOT VALID;
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM "shop_settings"
                    WHERE "vat_registered" AND btrim(coalesce("shop_address", '')) = '') THEN
      ALTER TABLE "shop_settings" VALIDATE CONSTRAINT "shop_settings_vat_needs_address";
    END IF;
  END $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_vat_needs_address";`)
}
