import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "shop_settings" ADD COLUMN "theme_color" varchar DEFAULT '#1d4ed8' NOT NULL;
  ALTER TABLE "shop_settings" ADD COLUMN "offline_data_mb" numeric DEFAULT 20 NOT NULL;
  ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_theme_color_hex"
    CHECK ("theme_color" ~ '^#[0-9a-fA-F]{6}$');
  ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_offline_data_mb_range"
    CHECK ("offline_data_mb" = trunc("offline_data_mb") AND "offline_data_mb" BETWEEN 1 AND 200);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_offline_data_mb_range";
  ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_theme_color_hex";
  ALTER TABLE "shop_settings" DROP COLUMN "theme_color";
  ALTER TABLE "shop_settings" DROP COLUMN "offline_data_mb";`)
}
