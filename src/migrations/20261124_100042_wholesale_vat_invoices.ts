import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Wholesale rules on products (minimum, case size, quantity-break prices), a minimum order value
 * for the shop and per area, VAT settings, and tax invoices: each order gets the next number of
 * one gap-free counter, taken in the order's own transaction, so an order that rolls back gives
 * its number back. Orders placed before this are numbered in the order they were placed.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ADD COLUMN "min_qty" numeric;
  ALTER TABLE "products" ADD COLUMN "case_size" numeric;
  ALTER TABLE "products" ADD COLUMN "price_breaks" jsonb;
  ALTER TABLE "products" ADD CONSTRAINT "products_rules_valid"
    CHECK ((min_qty IS NULL OR min_qty >= 1) AND (case_size IS NULL OR case_size >= 1)
           AND (price_breaks IS NULL OR jsonb_typeof(price_breaks) = 'array'));
  ALTER TABLE "delivery_areas" ADD COLUMN "min_order_value" numeric;
  ALTER TABLE "orders" ADD COLUMN "customer_business" varchar;
  ALTER TABLE "orders" ADD COLUMN "customer_vat_number" varchar;
  ALTER TABLE "orders" ADD COLUMN "invoice_number" numeric;
  ALTER TABLE "orders" ADD COLUMN "vat_rate" numeric;
  ALTER TABLE "orders" ADD COLUMN "vat" numeric;
  ALTER TABLE "orders" ADD COLUMN "seller_vat_number" varchar;
  ALTER TABLE "shop_settings" ADD COLUMN "min_order_value" numeric;
  ALTER TABLE "shop_settings" ADD COLUMN "shop_address" varchar;
  ALTER TABLE "shop_settings" ADD COLUMN "vat_registered" boolean DEFAULT false;
  ALTER TABLE "shop_settings" ADD COLUMN "vat_number" varchar;
  ALTER TABLE "shop_settings" ADD COLUMN "vat_rate" numeric DEFAULT 15 NOT NULL;

  UPDATE "orders" o SET "invoice_number" = n.number
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS number FROM "orders") n
   WHERE o.id = n.id;
  ALTER TABLE "orders" ALTER COLUMN "invoice_number" SET NOT NULL;
  CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");

  CREATE TABLE "invoice_counter" (
    "only" boolean PRIMARY KEY DEFAULT true CHECK ("only"),
    "last" bigint NOT NULL CHECK ("last" >= 0)
  );
  INSERT INTO "invoice_counter" ("last") SELECT coalesce(max(invoice_number), 0) FROM "orders";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "invoice_counter";
  DROP INDEX "orders_invoice_number_idx";
  ALTER TABLE "products" DROP CONSTRAINT "products_rules_valid";
  ALTER TABLE "products" DROP COLUMN "min_qty";
  ALTER TABLE "products" DROP COLUMN "case_size";
  ALTER TABLE "products" DROP COLUMN "price_breaks";
  ALTER TABLE "delivery_areas" DROP COLUMN "min_order_value";
  ALTER TABLE "orders" DROP COLUMN "customer_business";
  ALTER TABLE "orders" DROP COLUMN "customer_vat_number";
  ALTER TABLE "orders" DROP COLUMN "invoice_number";
  ALTER TABLE "orders" DROP COLUMN "vat_rate";
  ALTER TABLE "orders" DROP COLUMN "vat";
  ALTER TABLE "orders" DROP COLUMN "seller_vat_number";
  ALTER TABLE "shop_settings" DROP COLUMN "min_order_value";
  ALTER TABLE "shop_settings" DROP COLUMN "shop_address";
  ALTER TABLE "shop_settings" DROP COLUMN "vat_registered";
  ALTER TABLE "shop_settings" DROP COLUMN "vat_number";
  ALTER TABLE "shop_settings" DROP COLUMN "vat_rate";`)
}
