import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Orders gain where they stand (status), their payment and a note, and a history of who changed
 * them. Stock gains a ledger: stock_movements, written by a trigger on products for every change
 * of in_stock, whoever makes it, in the writer's transaction. A writer may say why first, with
 * transaction-local settings (src/lib/server/stock.ts); a change that says nothing is an edit, or
 * "created" for a new product. Every product's present stock opens the ledger, so from here on
 * a product's stock is the sum of its movements.
 *
 * AFTER, not BEFORE: an upsert fires BEFORE INSERT for a row it then updates instead.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_orders_status" AS ENUM('new', 'confirmed', 'packed', 'out-for-delivery', 'delivered', 'cancelled');
  ALTER TABLE "orders" ADD COLUMN "status" "enum_orders_status" DEFAULT 'new' NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "paid_amount" numeric;
  ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "payment_reference" varchar;
  ALTER TABLE "orders" ADD COLUMN "note" varchar;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_amount_positive"
    CHECK (paid_amount IS NULL OR paid_amount > 0);

  CREATE TABLE "order_events" (
    "id" bigserial PRIMARY KEY,
    "order_id" integer NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
    "at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "actor" varchar NOT NULL,
    "kind" varchar NOT NULL CHECK (kind IN ('status', 'payment', 'note')),
    "message" varchar NOT NULL
  );
  CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id", "id");

  CREATE TABLE "stock_movements" (
    "id" bigserial PRIMARY KEY,
    "product_id" integer NOT NULL,
    "sku" varchar NOT NULL,
    "change" numeric NOT NULL CHECK (change <> 0),
    "reason" varchar NOT NULL CHECK (reason IN ('opening', 'created', 'edit', 'import', 'sale',
      'cancellation', 'delivery', 'damaged', 'correction')),
    "order_id" varchar,
    "note" varchar,
    "actor" varchar,
    "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
  );
  CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id", "id");

  CREATE FUNCTION kc_record_stock() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    delta numeric := NEW.in_stock - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.in_stock END;
  BEGIN
    IF delta <> 0 THEN
      INSERT INTO stock_movements (product_id, sku, change, reason, order_id, note, actor)
      VALUES (NEW.id, NEW.sku, delta,
              coalesce(nullif(current_setting('kc.stock_reason', true), ''),
                       CASE WHEN TG_OP = 'INSERT' THEN 'created' ELSE 'edit' END),
              nullif(current_setting('kc.stock_order', true), ''),
              nullif(current_setting('kc.stock_note', true), ''),
              nullif(current_setting('kc.actor', true), ''));
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER products_stock_ledger AFTER INSERT OR UPDATE OF in_stock ON products
    FOR EACH ROW EXECUTE FUNCTION kc_record_stock();

  INSERT INTO stock_movements (product_id, sku, change, reason)
  SELECT id, sku, in_stock, 'opening' FROM products WHERE in_stock <> 0 ORDER BY id;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER products_stock_ledger ON products;
  DROP FUNCTION kc_record_stock();
  DROP TABLE "stock_movements";
  DROP TABLE "order_events";
  ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_amount_positive";
  ALTER TABLE "orders" DROP COLUMN "status";
  ALTER TABLE "orders" DROP COLUMN "paid";
  ALTER TABLE "orders" DROP COLUMN "paid_amount";
  ALTER TABLE "orders" DROP COLUMN "paid_at";
  ALTER TABLE "orders" DROP COLUMN "payment_reference";
  ALTER TABLE "orders" DROP COLUMN "note";
  DROP TYPE "public"."enum_orders_status";`)
}
