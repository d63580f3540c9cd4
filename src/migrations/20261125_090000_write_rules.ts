import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The shop's write rules in the database too (src/lib/schemas/fields.ts holds them for every
 * route, CSV and Payload), so that no way in, psql included, stores what the shop cannot read:
 * money finite, in whole cents and within its maximum; counts whole and within theirs. Amounts
 * with more than two decimals that an earlier version let in are rounded to the cent first; a
 * non-finite amount cannot be mended by a guess and stops the migration at its constraint.
 *
 * And stock changes only as stock changes: Payload writes a product's whole row on update,
 * stock included, as it read it when the update began. A product edit marks its transaction
 * (kc.stock_keep), and the trigger then keeps the row's stock as it is at the write, so a sale
 * made meanwhile is never undone.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "products" SET "price" = round("price", 2) WHERE "price" < 'Infinity' AND "price" <> round("price", 2);
  UPDATE "products" SET "special_price" = round("special_price", 2)
   WHERE "special_price" < 'Infinity' AND "special_price" <> round("special_price", 2);
  UPDATE "products" SET "old_price" = round("old_price", 2)
   WHERE "old_price" < 'Infinity' AND "old_price" <> round("old_price", 2);
  UPDATE "delivery_areas" SET "fee" = round("fee", 2) WHERE "fee" < 'Infinity' AND "fee" <> round("fee", 2);

  CREATE FUNCTION kc_is_money(amount numeric, max numeric) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT amount IS NULL OR (amount >= 0 AND amount <= max AND amount = round(amount, 2)) $$;
  CREATE FUNCTION kc_is_units(amount numeric) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT amount IS NULL OR (amount >= 0 AND amount <= 10000000 AND amount = trunc(amount)) $$;
  CREATE FUNCTION kc_valid_price_breaks(breaks jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT breaks IS NULL OR (jsonb_typeof(breaks) = 'array' AND NOT EXISTS (
             SELECT 1 FROM jsonb_array_elements(breaks) b
              WHERE jsonb_typeof(b -> 'from') IS DISTINCT FROM 'number'
                 OR jsonb_typeof(b -> 'price') IS DISTINCT FROM 'number'
                 OR NOT kc_is_units((b ->> 'from')::numeric) OR (b ->> 'from')::numeric < 2
                 OR NOT kc_is_money((b ->> 'price')::numeric, 10000000)
                 OR (b ->> 'price')::numeric = 0)) $$;

  ALTER TABLE "products" ADD CONSTRAINT "products_money_valid"
    CHECK (kc_is_money("price", 10000000) AND kc_is_money("special_price", 10000000)
           AND kc_is_money("old_price", 10000000));
  ALTER TABLE "products" ADD CONSTRAINT "products_units_valid"
    CHECK (kc_is_units("in_stock") AND kc_is_units("min_qty") AND kc_is_units("case_size"));
  ALTER TABLE "products" ADD CONSTRAINT "products_price_breaks_valid"
    CHECK (kc_valid_price_breaks("price_breaks"));
  ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_money_valid"
    CHECK (kc_is_money("fee", 100000) AND kc_is_money("min_order_value", 10000000));
  ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_values_valid"
    CHECK (kc_is_money("free_delivery_threshold", 10000000)
           AND kc_is_money("min_order_value", 10000000)
           AND kc_is_units("low_stock_threshold") AND kc_is_money("vat_rate", 100));

  CREATE FUNCTION kc_keep_stock() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.in_stock := OLD.in_stock;
    RETURN NEW;
  END $$;
  -- The condition is checked without calling the function: an order's stock write pays nothing.
  CREATE TRIGGER products_keep_stock BEFORE UPDATE OF in_stock ON products
    FOR EACH ROW WHEN (current_setting('kc.stock_keep', true) = 'on')
    EXECUTE FUNCTION kc_keep_stock();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER products_keep_stock ON products;
  DROP FUNCTION kc_keep_stock();
  ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_values_valid";
  ALTER TABLE "delivery_areas" DROP CONSTRAINT "delivery_areas_money_valid";
  ALTER TABLE "products" DROP CONSTRAINT "products_price_breaks_valid";
  ALTER TABLE "products" DROP CONSTRAINT "products_units_valid";
  ALTER TABLE "products" DROP CONSTRAINT "products_money_valid";
  DROP FUNCTION kc_valid_price_breaks(jsonb);
  DROP FUNCTION kc_is_units(numeric);
  DROP FUNCTION kc_is_money(numeric, numeric);`)
}
