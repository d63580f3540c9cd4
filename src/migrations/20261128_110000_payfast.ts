import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * PayFast at checkout (issue 44, item 3; docs/payments.md). An order may be paid through PayFast.
 * The owner's PayFast settings are a row of their own, out of the Payload global every visitor may
 * read: the passphrase never leaves the server, and a write announces `settings` so each process
 * learns whether checkout offers PayFast. Each PayFast payment (a COMPLETE ITN) is kept once per
 * `pf_payment_id`, the unique index being where concurrent ITNs meet: one inserts, the rest find
 * it. A payment that found its order cancelled, or paid already, is kept and flagged by its
 * outcome for the owner.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_orders_payment" ADD VALUE IF NOT EXISTS 'payfast';

  CREATE TABLE "payfast_settings" (
    "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
    "merchant_id" varchar(20) NOT NULL DEFAULT '',
    "merchant_key" varchar(40) NOT NULL DEFAULT '',
    "passphrase" varchar(100) NOT NULL DEFAULT '',
    "sandbox" boolean NOT NULL DEFAULT false,
    "cancel_after_minutes" integer NOT NULL DEFAULT 60
      CHECK ("cancel_after_minutes" BETWEEN 5 AND 10080),
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE TRIGGER payfast_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON payfast_settings FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('settings');

  CREATE TABLE "payfast_payments" (
    "id" bigserial PRIMARY KEY,
    "pf_payment_id" varchar(100) NOT NULL UNIQUE,
    "order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
    "m_payment_id" varchar(100) NOT NULL,
    "payment_status" varchar(40) NOT NULL,
    "amount_gross" numeric NOT NULL,
    "amount_fee" numeric,
    "outcome" varchar(16) NOT NULL
      CHECK ("outcome" IN ('paid', 'after-cancel', 'already-paid')),
    "received_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "payfast_payments_order_idx" ON "payfast_payments" ("order_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "payfast_payments";
  DROP TABLE "payfast_settings";
  ALTER TABLE "orders" ALTER COLUMN "payment" SET DATA TYPE text;
  UPDATE "orders" SET "payment" = 'shop-to-shop' WHERE "payment" = 'payfast';
  DROP TYPE "public"."enum_orders_payment";
  CREATE TYPE "public"."enum_orders_payment" AS ENUM('cash', 'shop-to-shop', 'account');
  ALTER TABLE "orders" ALTER COLUMN "payment" SET DATA TYPE "public"."enum_orders_payment" USING "payment"::"public"."enum_orders_payment";`)
}
