import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Trade accounts (the collection), and the buyers' sign-ins: one row per signed-in device, kept
 * by the hash of its cookie, so a stolen copy of the table signs no one in. Payload also drops
 * the unused products column of its document locks (Products has lockDocuments: false).
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_trade_accounts_payment_terms" AS ENUM('cash-on-delivery', '7-days', '30-days');
  CREATE TABLE "trade_accounts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"business_name" varchar NOT NULL,
  	"contact_name" varchar NOT NULL,
  	"phone" varchar NOT NULL,
  	"phone_key" varchar,
  	"delivery_address" varchar,
  	"vat_number" varchar,
  	"payment_terms" "enum_trade_accounts_payment_terms" DEFAULT 'cash-on-delivery' NOT NULL,
  	"credit_limit" numeric DEFAULT 0 NOT NULL,
  	"active" boolean DEFAULT true,
  	"password_hash" varchar,
  	"setup_token_hash" varchar,
  	"setup_token_expires_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_products_fk";
  
  DROP INDEX "payload_locked_documents_rels_products_id_idx";
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "trade_accounts_id" integer;
  CREATE UNIQUE INDEX "trade_accounts_phone_key_idx" ON "trade_accounts" USING btree ("phone_key");
  CREATE UNIQUE INDEX "trade_accounts_setup_token_hash_idx" ON "trade_accounts" USING btree ("setup_token_hash");
  CREATE INDEX "trade_accounts_updated_at_idx" ON "trade_accounts" USING btree ("updated_at");
  CREATE INDEX "trade_accounts_created_at_idx" ON "trade_accounts" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_trade_accounts_fk" FOREIGN KEY ("trade_accounts_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_trade_accounts_id_idx" ON "payload_locked_documents_rels" USING btree ("trade_accounts_id");
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "products_id";
  ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_credit_limit_valid"
    CHECK (kc_is_money("credit_limit", 10000000));
  CREATE TABLE "buyer_sessions" (
    "id" serial PRIMARY KEY NOT NULL,
    "account_id" integer NOT NULL REFERENCES "trade_accounts"("id") ON DELETE CASCADE,
    "token_hash" varchar NOT NULL UNIQUE,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX "buyer_sessions_account_idx" ON "buyer_sessions" ("account_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "buyer_sessions";
   ALTER TABLE "trade_accounts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "trade_accounts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_trade_accounts_fk";
  
  DROP INDEX "payload_locked_documents_rels_trade_accounts_id_idx";
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "products_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_products_id_idx" ON "payload_locked_documents_rels" USING btree ("products_id");
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "trade_accounts_id";
  DROP TYPE "public"."enum_trade_accounts_payment_terms";`)
}
