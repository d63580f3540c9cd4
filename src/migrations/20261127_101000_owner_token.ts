import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The owner token's SHA-256 hash, kept in the data so that a backup carries the owner's way in:
 * a shop restored elsewhere, without the ADMIN_TOKEN its source ran with, still opens with that
 * token. One row at most; written at start-up (src/modules/auth/owner-token.ts).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "owner_token" (
    "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
    "token_hash" varchar(64) NOT NULL,
    "source" varchar(16) NOT NULL,
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "owner_token";`)
}
