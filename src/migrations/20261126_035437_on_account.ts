import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Buying on account. Orders may be paid "On account" (an invoice due on a shop day the account's
 * terms set), and each account gets a ledger: its invoices, credit notes and payments in integer
 * cents, owed positive and paid or credited negative, so its balance is the sum. The ledger is
 * append-only (a trigger refuses UPDATE and DELETE: a wrong payment is reversed by a new entry),
 * every entry's sign and references are held by CHECKs, and an order has at most one invoice and
 * one credit note on it. An invoice without an order is an opening balance the owner brought over
 * from the books the shop kept before. The shop counts its prints of each document: a reprint says "Copy".
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_orders_payment" ADD VALUE 'account';
  ALTER TYPE "public"."enum_trade_accounts_payment_terms" ADD VALUE '14-days' BEFORE '30-days';
  ALTER TYPE "public"."enum_trade_accounts_payment_terms" ADD VALUE '60-days';
  ALTER TYPE "public"."enum_trade_accounts_payment_terms" ADD VALUE 'end-of-month';
  ALTER TABLE "orders" ADD COLUMN "due_date" varchar;
  ALTER TABLE "orders" ADD COLUMN "invoice_prints" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "credit_note_prints" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_due_on_account"
    CHECK (("payment"::text = 'account') = ("due_date" IS NOT NULL)
           AND ("due_date" IS NULL OR "due_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'));
  ALTER TABLE "orders" ADD CONSTRAINT "orders_prints_counted"
    CHECK ("invoice_prints" >= 0 AND "invoice_prints" = trunc("invoice_prints")
           AND "credit_note_prints" >= 0 AND "credit_note_prints" = trunc("credit_note_prints"));

  CREATE TABLE "account_ledger" (
    "id" serial PRIMARY KEY,
    "account_id" integer NOT NULL REFERENCES "trade_accounts"("id") ON DELETE RESTRICT,
    "kind" varchar NOT NULL CHECK ("kind" IN ('invoice', 'credit-note', 'payment', 'reversal')),
    "day" date NOT NULL,
    "amount_cents" bigint NOT NULL CHECK ("amount_cents" <> 0),
    "order_id" integer REFERENCES "orders"("id") ON DELETE RESTRICT,
    "due_day" date,
    "method" varchar CHECK ("method" IN ('eft', 'cash', 'card', 'other')),
    "reference" varchar CHECK (length("reference") <= 100),
    "allocations" jsonb,
    "reverses" integer UNIQUE REFERENCES "account_ledger"("id") ON DELETE RESTRICT,
    "actor" varchar NOT NULL,
    "recorded_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    CONSTRAINT "account_ledger_entry_shape" CHECK (CASE "kind"
      WHEN 'invoice' THEN "amount_cents" > 0 AND "due_day" IS NOT NULL AND "due_day" >= "day" AND "method" IS NULL
        AND "reverses" IS NULL
      WHEN 'credit-note' THEN "amount_cents" < 0 AND "order_id" IS NOT NULL AND "due_day" IS NULL
        AND "method" IS NULL AND "reverses" IS NULL
      WHEN 'payment' THEN "amount_cents" < 0 AND "order_id" IS NULL AND "method" IS NOT NULL
        AND "reverses" IS NULL
      ELSE "amount_cents" > 0 AND "reverses" IS NOT NULL AND "order_id" IS NULL END)
  );
  CREATE INDEX "account_ledger_account_idx" ON "account_ledger" ("account_id", "id");
  CREATE UNIQUE INDEX "account_ledger_order_document_idx" ON "account_ledger" ("order_id", "kind")
    WHERE "order_id" IS NOT NULL;

  CREATE FUNCTION "kc_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'the account ledger is append-only: reverse an entry with a new one'
      USING ERRCODE = 'integrity_constraint_violation';
  END $$;
  CREATE TRIGGER "account_ledger_append_only" BEFORE UPDATE OR DELETE ON "account_ledger"
    FOR EACH ROW EXECUTE FUNCTION "kc_ledger_append_only"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "account_ledger";
  DROP FUNCTION "kc_ledger_append_only"();
  ALTER TABLE "orders" DROP CONSTRAINT "orders_due_on_account";
  ALTER TABLE "orders" DROP CONSTRAINT "orders_prints_counted";
  ALTER TABLE "orders" ALTER COLUMN "payment" SET DATA TYPE text;
  DROP TYPE "public"."enum_orders_payment";
  CREATE TYPE "public"."enum_orders_payment" AS ENUM('cash', 'shop-to-shop');
  ALTER TABLE "orders" ALTER COLUMN "payment" SET DATA TYPE "public"."enum_orders_payment" USING "payment"::"public"."enum_orders_payment";
  ALTER TABLE "trade_accounts" ALTER COLUMN "payment_terms" SET DATA TYPE text;
  ALTER TABLE "trade_accounts" ALTER COLUMN "payment_terms" SET DEFAULT 'cash-on-delivery'::text;
  DROP TYPE "public"."enum_trade_accounts_payment_terms";
  CREATE TYPE "public"."enum_trade_accounts_payment_terms" AS ENUM('cash-on-delivery', '7-days', '30-days');
  ALTER TABLE "trade_accounts" ALTER COLUMN "payment_terms" SET DEFAULT 'cash-on-delivery'::"public"."enum_trade_accounts_payment_terms";
  ALTER TABLE "trade_accounts" ALTER COLUMN "payment_terms" SET DATA TYPE "public"."enum_trade_accounts_payment_terms" USING "payment_terms"::"public"."enum_trade_accounts_payment_terms";
  ALTER TABLE "orders" DROP COLUMN "due_date";
  ALTER TABLE "orders" DROP COLUMN "invoice_prints";
  ALTER TABLE "orders" DROP COLUMN "credit_note_prints";`)
}
