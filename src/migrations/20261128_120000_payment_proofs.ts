import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Proofs of payment a buyer uploads for an order (docs/payments.md): the file itself, its type
 * by its bytes, its size and SHA-256. The CHECKs hold every write path, psql included, to what
 * the shop serves back: one of four types, at most 5 MB, the size the bytes have.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "payment_proofs" (
    "id" serial PRIMARY KEY,
    "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
    "content_type" varchar NOT NULL
      CHECK ("content_type" IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
    "size" integer NOT NULL CHECK ("size" > 0 AND "size" <= 5242880),
    "sha256" varchar NOT NULL CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
    "bytes" bytea NOT NULL,
    "uploaded_by" varchar NOT NULL CHECK ("uploaded_by" IN ('receipt', 'account')),
    "uploaded_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    CONSTRAINT "payment_proofs_size_matches" CHECK (octet_length("bytes") = "size")
  );
  CREATE INDEX "payment_proofs_order_idx" ON "payment_proofs" USING btree ("order_id", "id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "payment_proofs";`)
}
