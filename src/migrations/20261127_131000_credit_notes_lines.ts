import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Credit notes with their lines (issue 43): a short delivery credits some units of some lines,
 * a cancellation what is left of the invoice. Every credit note of the shop's one series is a row
 * of credit_notes (its number from credit_note_counter, unique), with the lines and units it
 * credits at the price the order charged, its delivery fee, VAT and total in whole cents. The
 * order keeps its cancellation's number (credit_note_number) as before; the notes of orders
 * cancelled before this are written now from their orders, whole. The database holds the rules:
 * a line never credits more units than the order has of it (a trigger, under the order's lock
 * the writers take), each account ledger credit note names its credit note, and the stock ledger
 * and the order history take the new reason and kind.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "credit_notes" (
    "id" serial PRIMARY KEY,
    "number" bigint NOT NULL UNIQUE CHECK ("number" > 0),
    "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE RESTRICT,
    "kind" varchar NOT NULL CHECK ("kind" IN ('cancellation', 'short-delivery')),
    "issued_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "fee_cents" bigint NOT NULL DEFAULT 0 CHECK ("fee_cents" >= 0),
    "amount_cents" bigint NOT NULL CHECK ("amount_cents" >= 0),
    "vat_cents" bigint CHECK ("vat_cents" IS NULL OR "vat_cents" >= 0),
    "reason" varchar CHECK (length("reason") <= 200),
    "actor" varchar NOT NULL,
    "prints" integer NOT NULL DEFAULT 0 CHECK ("prints" >= 0),
    CONSTRAINT "credit_notes_short_delivery_shape"
      CHECK ("kind" = 'cancellation' OR ("amount_cents" > 0 AND "fee_cents" = 0))
  );
  CREATE INDEX "credit_notes_order_idx" ON "credit_notes" ("order_id", "number");
  CREATE UNIQUE INDEX "credit_notes_one_cancellation_idx" ON "credit_notes" ("order_id")
    WHERE "kind" = 'cancellation';

  CREATE TABLE "credit_note_lines" (
    "credit_note_id" integer NOT NULL REFERENCES "credit_notes"("id") ON DELETE CASCADE,
    "position" integer NOT NULL,
    "sku" varchar NOT NULL,
    "name" varchar NOT NULL,
    "price_cents" bigint NOT NULL CHECK ("price_cents" >= 0),
    "quantity" integer NOT NULL CHECK ("quantity" > 0),
    "amount_cents" bigint NOT NULL CHECK ("amount_cents" = "price_cents" * "quantity"),
    "reason" varchar CHECK (length("reason") <= 200),
    PRIMARY KEY ("credit_note_id", "position"),
    UNIQUE ("credit_note_id", "sku")
  );

  INSERT INTO "credit_notes" ("number", "order_id", "kind", "issued_at", "fee_cents",
                              "amount_cents", "vat_cents", "actor", "prints")
  SELECT o."credit_note_number", o."id", 'cancellation', o."credited_at", round(o."fee" * 100),
         round(o."total" * 100), round(o."vat" * 100), 'owner', o."credit_note_prints"
    FROM "orders" o WHERE o."credit_note_number" IS NOT NULL;
  INSERT INTO "credit_note_lines" ("credit_note_id", "position", "sku", "name", "price_cents",
                                   "quantity", "amount_cents")
  SELECT c."id", row_number() OVER (PARTITION BY c."id" ORDER BY i."_order"), i."sku", i."name",
         round(i."price" * 100), i."quantity", round(i."price" * 100) * i."quantity"
    FROM "credit_notes" c JOIN "orders_items" i ON i."_parent_id" = c."order_id";

  CREATE FUNCTION "kc_credit_within_order"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ordered numeric;
    credited numeric;
  BEGIN
    SELECT sum(i."quantity") INTO ordered FROM "orders_items" i
      JOIN "credit_notes" c ON c."order_id" = i."_parent_id"
     WHERE c."id" = NEW."credit_note_id" AND i."sku" = NEW."sku";
    SELECT sum(l."quantity") INTO credited FROM "credit_note_lines" l
      JOIN "credit_notes" c ON c."id" = l."credit_note_id"
     WHERE c."order_id" = (SELECT "order_id" FROM "credit_notes" WHERE "id" = NEW."credit_note_id")
       AND l."sku" = NEW."sku";
    IF ordered IS NULL OR credited > ordered THEN
      RAISE EXCEPTION 'credit note line % credits % units of an order that has %',
        NEW."sku", credited, coalesce(ordered, 0)
        USING ERRCODE = 'check_violation', CONSTRAINT = 'credit_note_lines_within_order';
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER "credit_note_lines_within_order" AFTER INSERT OR UPDATE ON "credit_note_lines"
    FOR EACH ROW EXECUTE FUNCTION "kc_credit_within_order"();

  ALTER TABLE "account_ledger" ADD COLUMN "credit_note_id" integer
    REFERENCES "credit_notes"("id") ON DELETE RESTRICT;
  ALTER TABLE "account_ledger" DISABLE TRIGGER "account_ledger_append_only";
  UPDATE "account_ledger" l SET "credit_note_id" = c."id"
    FROM "credit_notes" c WHERE l."kind" = 'credit-note' AND c."order_id" = l."order_id";
  ALTER TABLE "account_ledger" ENABLE TRIGGER "account_ledger_append_only";
  ALTER TABLE "account_ledger" ADD CONSTRAINT "account_ledger_credit_note_named"
    CHECK (("kind" = 'credit-note') = ("credit_note_id" IS NOT NULL));
  DROP INDEX "account_ledger_order_document_idx";
  CREATE UNIQUE INDEX "account_ledger_order_invoice_idx" ON "account_ledger" ("order_id")
    WHERE "order_id" IS NOT NULL AND "kind" = 'invoice';
  CREATE UNIQUE INDEX "account_ledger_credit_note_idx" ON "account_ledger" ("credit_note_id")
    WHERE "credit_note_id" IS NOT NULL;

  ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";
  ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check"
    CHECK ("reason" IN ('opening', 'created', 'edit', 'import', 'sale', 'cancellation',
      'delivery', 'damaged', 'correction', 'short-delivery'));
  ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";
  ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check"
    CHECK ("kind" IN ('status', 'payment', 'note', 'credit-note'));`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "order_events" SET "kind" = 'note' WHERE "kind" = 'credit-note';
  ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";
  ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check"
    CHECK ("kind" IN ('status', 'payment', 'note'));
  ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";
  UPDATE "stock_movements" SET "reason" = 'correction' WHERE "reason" = 'short-delivery';
  ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check"
    CHECK ("reason" IN ('opening', 'created', 'edit', 'import', 'sale', 'cancellation',
      'delivery', 'damaged', 'correction'));
  DROP INDEX "account_ledger_credit_note_idx";
  DROP INDEX "account_ledger_order_invoice_idx";
  ALTER TABLE "account_ledger" DROP CONSTRAINT "account_ledger_credit_note_named";
  ALTER TABLE "account_ledger" DROP COLUMN "credit_note_id";
  CREATE UNIQUE INDEX "account_ledger_order_document_idx" ON "account_ledger" ("order_id", "kind")
    WHERE "order_id" IS NOT NULL;
  DROP TABLE "credit_note_lines";
  DROP FUNCTION "kc_credit_within_order"();
  DROP TABLE "credit_notes";`)
}
