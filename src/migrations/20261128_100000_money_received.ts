import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Getting paid. `money_received` is the one record of money that came in, whichever way: cash on
 * delivery, a bank line, PayFast, or the owner's own mark. Each row is linked to an order or a
 * trade account (with its allocations to invoices), append-only like the account ledger (a
 * reversal is a new row of the opposite amount, naming the row it undoes), and an external id is
 * kept once per source, so a payment reported twice is recorded once.
 *
 * `bank_lines` keeps each credit of an imported bank statement once (by the bank's transaction id
 * or, without one, a key of its day, amount, description and running balance) with what it was
 * matched to: the owner's working list, whose state moves; the money it brought in is in
 * `money_received`.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "money_received" (
    "id" serial PRIMARY KEY,
    "source" varchar NOT NULL CHECK ("source" IN ('cash', 'bank', 'payfast', 'owner')),
    "amount_cents" bigint NOT NULL CHECK ("amount_cents" <> 0),
    "order_id" integer REFERENCES "orders"("id") ON DELETE RESTRICT,
    "account_id" integer REFERENCES "trade_accounts"("id") ON DELETE RESTRICT,
    "allocations" jsonb,
    "reference" varchar CHECK (length("reference") <= 200),
    "received_at" timestamp(3) with time zone NOT NULL,
    "external_id" varchar CHECK (length("external_id") <= 200),
    "ledger_entry_id" integer REFERENCES "account_ledger"("id") ON DELETE RESTRICT,
    "reverses" integer UNIQUE REFERENCES "money_received"("id") ON DELETE RESTRICT,
    "actor" varchar NOT NULL,
    "recorded_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    CONSTRAINT "money_received_linked" CHECK ("order_id" IS NOT NULL OR "account_id" IS NOT NULL),
    CONSTRAINT "money_received_sign" CHECK (("reverses" IS NULL) = ("amount_cents" > 0))
  );
  CREATE UNIQUE INDEX "money_received_external_idx" ON "money_received" ("source", "external_id")
    WHERE "external_id" IS NOT NULL;
  CREATE INDEX "money_received_order_idx" ON "money_received" ("order_id") WHERE "order_id" IS NOT NULL;
  CREATE INDEX "money_received_account_idx" ON "money_received" ("account_id") WHERE "account_id" IS NOT NULL;
  CREATE INDEX "money_received_at_idx" ON "money_received" ("received_at");

  CREATE FUNCTION "kc_money_received_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'money received is append-only: reverse a row with a new one'
      USING ERRCODE = 'integrity_constraint_violation';
  END $$;
  CREATE TRIGGER "money_received_append_only" BEFORE UPDATE OR DELETE ON "money_received"
    FOR EACH ROW EXECUTE FUNCTION "kc_money_received_append_only"();

  CREATE TABLE "bank_lines" (
    "id" serial PRIMARY KEY,
    "bank" varchar NOT NULL CHECK ("bank" IN ('fnb', 'standard-bank', 'absa', 'nedbank', 'capitec', 'ofx')),
    "line_key" varchar NOT NULL CHECK (length("line_key") <= 300),
    "day" date NOT NULL,
    "amount_cents" bigint NOT NULL CHECK ("amount_cents" > 0),
    "description" varchar NOT NULL CHECK (length("description") <= 500),
    "balance_cents" bigint,
    "status" varchar NOT NULL CHECK ("status" IN ('matched', 'suggested', 'flagged', 'unmatched', 'ignored')),
    "order_id" integer REFERENCES "orders"("id") ON DELETE RESTRICT,
    "account_id" integer REFERENCES "trade_accounts"("id") ON DELETE RESTRICT,
    "difference_cents" bigint,
    "note" varchar CHECK (length("note") <= 300),
    "suggestions" jsonb,
    "money_received_id" integer REFERENCES "money_received"("id") ON DELETE RESTRICT,
    "matches" integer NOT NULL DEFAULT 0 CHECK ("matches" >= 0),
    "imported_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    CONSTRAINT "bank_lines_matched_money" CHECK (("status" = 'matched') = ("money_received_id" IS NOT NULL))
  );
  CREATE UNIQUE INDEX "bank_lines_key_idx" ON "bank_lines" ("line_key");
  CREATE INDEX "bank_lines_status_idx" ON "bank_lines" ("status", "id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "bank_lines";
  DROP TABLE "money_received";
  DROP FUNCTION "kc_money_received_append_only"();`)
}
