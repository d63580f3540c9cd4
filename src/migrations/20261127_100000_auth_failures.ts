import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Failed sign-ins of every kind (the owner's key per client address, a buyer's sign-in per phone
 * number and per client address), one row per kind and subject with its count and window. Each
 * kind is bounded on its own, and a full kind drops only rows that lock nobody (ended windows,
 * subjects under the limit): a flood of new identifiers can no longer push a live lock out, as
 * it could in admin_auth_failures, whose oldest rows went first (src/modules/auth/lockouts.ts).
 *
 * The indexes are the two ways rows are picked to make room: ended windows by their start, and
 * then the subjects with the fewest failures.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "auth_failures" (
    "kind" varchar(16) NOT NULL,
    "subject" varchar(64) NOT NULL,
    "failures" integer NOT NULL,
    "window_start" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("kind", "subject")
  );
  CREATE INDEX "auth_failures_window_idx" ON "auth_failures" USING btree ("kind", "window_start");
  CREATE INDEX "auth_failures_fewest_idx" ON "auth_failures" USING btree ("kind", "failures", "window_start");

  INSERT INTO "auth_failures" ("kind", "subject", "failures", "window_start")
    SELECT CASE WHEN "client" LIKE 'buyer %' THEN 'sign-in-phone' ELSE 'owner-key' END,
           CASE WHEN "client" LIKE 'buyer %' THEN substr("client", 7) ELSE "client" END,
           "failures", "window_start"
      FROM "admin_auth_failures"
      WHERE "window_start" > now() - interval '15 minutes';
  DROP TABLE "admin_auth_failures";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "admin_auth_failures" (
    "client" varchar(64) PRIMARY KEY,
    "failures" integer NOT NULL,
    "window_start" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "admin_auth_failures_window_idx" ON "admin_auth_failures" USING btree ("window_start");
  INSERT INTO "admin_auth_failures" ("client", "failures", "window_start")
    SELECT CASE "kind" WHEN 'sign-in-phone' THEN 'buyer ' || "subject" ELSE "subject" END,
           "failures", "window_start"
      FROM "auth_failures" WHERE "kind" IN ('owner-key', 'sign-in-phone')
      ON CONFLICT DO NOTHING;
  DROP TABLE "auth_failures";`)
}
