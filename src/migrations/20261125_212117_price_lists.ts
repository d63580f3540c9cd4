import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Price lists (the collection: a name an account points at) and their rules, kept in two tables
 * of their own since a list may price thousands of skus: a percentage off by category, and
 * fixed prices per sku with their own quantity breaks, held to the products' money rules. A
 * write to any of them announces 'prices' on the change feed. Orders note the signed-in buyer.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "price_lists" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "orders" ADD COLUMN "trade_account_id" integer;
  ALTER TABLE "trade_accounts" ADD COLUMN "price_list_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "price_lists_id" integer;
  CREATE UNIQUE INDEX "price_lists_name_idx" ON "price_lists" USING btree ("name");
  CREATE INDEX "price_lists_updated_at_idx" ON "price_lists" USING btree ("updated_at");
  CREATE INDEX "price_lists_created_at_idx" ON "price_lists" USING btree ("created_at");
  ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_account_id_trade_accounts_id_fk" FOREIGN KEY ("trade_account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_price_lists_fk" FOREIGN KEY ("price_lists_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "orders_trade_account_idx" ON "orders" USING btree ("trade_account_id");
  CREATE INDEX "trade_accounts_price_list_idx" ON "trade_accounts" USING btree ("price_list_id");
  CREATE INDEX "payload_locked_documents_rels_price_lists_id_idx" ON "payload_locked_documents_rels" USING btree ("price_lists_id");
  CREATE TABLE "price_list_discounts" (
    "list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
    "category" varchar NOT NULL,
    "percent_off" numeric(5, 2) NOT NULL CHECK ("percent_off" > 0 AND "percent_off" < 100),
    PRIMARY KEY ("list_id", "category")
  );
  CREATE TABLE "price_list_prices" (
    "list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
    "sku" varchar NOT NULL REFERENCES "products"("sku") ON DELETE CASCADE ON UPDATE CASCADE,
    "price" numeric NOT NULL CHECK (kc_is_money("price", 10000000) AND "price" > 0),
    "price_breaks" jsonb DEFAULT '[]' NOT NULL CHECK (kc_valid_price_breaks("price_breaks")),
    PRIMARY KEY ("list_id", "sku")
  );
  CREATE INDEX "price_list_prices_sku_idx" ON "price_list_prices" ("sku");
  CREATE TRIGGER price_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_lists
    FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('prices');
  CREATE TRIGGER price_list_discounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON price_list_discounts FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('prices');
  CREATE TRIGGER price_list_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON price_list_prices FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('prices');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "price_list_prices";
  DROP TABLE "price_list_discounts";
  ALTER TABLE "orders" DROP COLUMN "trade_account_id";
  ALTER TABLE "trade_accounts" DROP COLUMN "price_list_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "price_lists_id";
  DROP TABLE "price_lists";`)
}
