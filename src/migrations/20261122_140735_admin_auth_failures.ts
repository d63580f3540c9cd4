import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Failed admin-key attempts per client, kept in the database (not process memory) so that the
 * limit holds across restarts and across several instances of the shop.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "admin_auth_failures" (
    "client" varchar NOT NULL,
    "failed_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "admin_auth_failures_client_idx" ON "admin_auth_failures" USING btree ("client", "failed_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "admin_auth_failures";`)
}
