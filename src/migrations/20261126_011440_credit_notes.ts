import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Tax documents a SARS audit accepts. Each order keeps the seller's name and address as they were
 * when it was placed (its VAT number it kept already), so a reprint says what the first print
 * said; orders placed before this take today's. Cancelling an order issues a credit note (VAT Act
 * s21) from its own gap-free series, taken in the cancellation's transaction like invoice numbers
 * are; orders cancelled before this get theirs now, in the order they were last changed. The
 * database holds the rule: an order is cancelled exactly when it has a credit note.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" ADD COLUMN "seller_name" varchar;
  ALTER TABLE "orders" ADD COLUMN "seller_address" varchar;
  ALTER TABLE "orders" ADD COLUMN "credit_note_number" numeric;
  ALTER TABLE "orders" ADD COLUMN "credited_at" timestamp(3) with time zone;
  CREATE UNIQUE INDEX "orders_credit_note_number_idx" ON "orders" USING btree ("credit_note_number");

  UPDATE "orders" SET "seller_name" = s."shop_name", "seller_address" = s."shop_address"
    FROM (SELECT "shop_name", "shop_address" FROM "shop_settings" LIMIT 1) s;
  UPDATE "orders" o SET "credit_note_number" = n.number, "credited_at" = o."updated_at"
    FROM (SELECT id, row_number() OVER (ORDER BY updated_at, id) AS number
            FROM "orders" WHERE "status" = 'cancelled') n
   WHERE o.id = n.id;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_credited_when_cancelled"
    CHECK (("status" = 'cancelled') = ("credit_note_number" IS NOT NULL)
           AND ("credit_note_number" IS NULL) = ("credited_at" IS NULL));

  CREATE TABLE "credit_note_counter" (
    "only" boolean PRIMARY KEY DEFAULT true CHECK ("only"),
    "last" bigint NOT NULL CHECK ("last" >= 0)
  );
  INSERT INTO "credit_note_counter" ("last")
    SELECT coalesce(max("credit_note_number"), 0) FROM "orders";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "credit_note_counter";
  ALTER TABLE "orders" DROP CONSTRAINT "orders_credited_when_cancelled";
  DROP INDEX "orders_credit_note_number_idx";
  ALTER TABLE "orders" DROP COLUMN "seller_name";
  ALTER TABLE "orders" DROP COLUMN "seller_address";
  ALTER TABLE "orders" DROP COLUMN "credit_note_number";
  ALTER TABLE "orders" DROP COLUMN "credited_at";`)
}
