import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The driver's phone (issue 43, items 3-5). A driver link: one run (an area's orders for one
 * delivery day) given to a driver by name, kept by the hash of its one-time token (never the
 * token), exchanged once for a session kept by its own hash; revoking the link ends both. A mark:
 * what the driver recorded at one stop, once per order and run (the unique index is where two
 * phones meet: one wins), and once per idempotency key (a replay finds the first). A cash-up:
 * a run's cash expected and counted, once per link.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "driver_links" (
    "id" serial PRIMARY KEY,
    "run_date" varchar(10) NOT NULL CHECK ("run_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    "area" varchar NOT NULL,
    "driver_name" varchar(100) NOT NULL,
    "token_hash" varchar(64) NOT NULL UNIQUE,
    "expires_at" timestamp(3) with time zone NOT NULL,
    "used_at" timestamp(3) with time zone,
    "session_hash" varchar(64) UNIQUE,
    "revoked_at" timestamp(3) with time zone,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "driver_links_run_idx" ON "driver_links" USING btree ("run_date", "area");

  CREATE TABLE "driver_marks" (
    "id" bigserial PRIMARY KEY,
    "link_id" integer NOT NULL REFERENCES "driver_links"("id") ON DELETE CASCADE,
    "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
    "run_date" varchar(10) NOT NULL,
    "idempotency_key" varchar(100) NOT NULL UNIQUE,
    "outcome" varchar(16) NOT NULL CHECK ("outcome" IN ('delivered', 'not-delivered')),
    "received_by" varchar(100),
    "cash_due" numeric NOT NULL DEFAULT 0,
    "cash_collected" numeric,
    "reason" varchar(16) CHECK ("reason" IS NULL OR "reason" IN ('closed', 'refused', 'no-money')),
    "at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX "driver_marks_order_run_idx" ON "driver_marks" ("order_id", "run_date");
  CREATE INDEX "driver_marks_link_idx" ON "driver_marks" ("link_id");

  CREATE TABLE "driver_cash_ups" (
    "id" serial PRIMARY KEY,
    "link_id" integer NOT NULL UNIQUE REFERENCES "driver_links"("id") ON DELETE CASCADE,
    "expected" numeric NOT NULL,
    "collected" numeric NOT NULL,
    "counted" numeric NOT NULL,
    "note" varchar(1000),
    "at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "driver_cash_ups";
  DROP TABLE "driver_marks";
  DROP TABLE "driver_links";`)
}
