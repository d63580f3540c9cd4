import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The shop's VAT period (issue 45, docs/vat.md): the ShopSettings global's `vatPeriod` select,
 * as Payload declares it (an enum and a column), monthly until the owner chooses the period SARS
 * assigned (Category C monthly, A two-monthly ending in odd months, B ending in even months).
 * And an index on when credit notes were issued, which the VAT figures read a period of (orders
 * have theirs on created_at already).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_shop_settings_vat_period" AS ENUM('monthly', 'two-monthly-odd', 'two-monthly-even');
  ALTER TABLE "shop_settings" ADD COLUMN "vat_period" "enum_shop_settings_vat_period" DEFAULT 'monthly' NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "shop_settings" DROP COLUMN "vat_period";
  DROP TYPE "public"."enum_shop_settings_vat_period";`)
}
