import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * - Failed admin keys: one row per client holding a count and the start of its window, so that
 *   counting and recording a failure is one atomic upsert, and an old row can be swept by its
 *   window for every client at once (an index on window_start).
 * - SKUs are unique whatever their case: `REL-X3` and `rel-x3` are one product.
 * - A shop always keeps at least one delivery area, whichever route (or psql) deletes. The check
 *   waits on a lock so that two transactions deleting the last two areas cannot both pass.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "admin_auth_failures";
  CREATE TABLE "admin_auth_failures" (
    "client" varchar(64) PRIMARY KEY,
    "failures" integer NOT NULL,
    "window_start" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "admin_auth_failures_window_idx" ON "admin_auth_failures" USING btree ("window_start");

  CREATE UNIQUE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku"));

  CREATE FUNCTION "keep_one_delivery_area"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(4020501);
    IF NOT EXISTS (SELECT 1 FROM delivery_areas) THEN
      RAISE EXCEPTION 'A shop needs at least one delivery area.' USING ERRCODE = 'P0001', HINT = 'kc:last-delivery-area';
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER "delivery_areas_keep_one" AFTER DELETE ON "delivery_areas"
    FOR EACH STATEMENT EXECUTE FUNCTION "keep_one_delivery_area"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER "delivery_areas_keep_one" ON "delivery_areas";
  DROP FUNCTION "keep_one_delivery_area"();
  DROP INDEX "products_sku_lower_idx";
  DROP TABLE "admin_auth_failures";
  CREATE TABLE "admin_auth_failures" (
    "client" varchar NOT NULL,
    "failed_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "admin_auth_failures_client_idx" ON "admin_auth_failures" USING btree ("client", "failed_at");`)
}
