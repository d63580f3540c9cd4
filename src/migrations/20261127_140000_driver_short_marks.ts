import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A driver's Delivered mark may say some lines were short (damaged or missing): the mark keeps
 * what was short (its lines and why) and the number of the credit note issued for them, so the
 * mark answers the same whenever it is read or replayed.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "driver_marks" ADD COLUMN "short" jsonb;
  ALTER TABLE "driver_marks" ADD COLUMN "credit_note_number" bigint;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "driver_marks" DROP COLUMN "credit_note_number";
  ALTER TABLE "driver_marks" DROP COLUMN "short";`)
}
