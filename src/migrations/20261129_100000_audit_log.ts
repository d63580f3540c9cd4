import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The audit trail (docs/audit.md). `audit_log` keeps one row per change to a product, a price
 * list and its items, a delivery area (its delivery days included), the shop's and PayFast's
 * settings, a trade account, an order after it was placed, and each stock move that is not a
 * sale: who, through which way in, when, and each field's before and after. The database's own
 * triggers write it, so every way in (the API, /cms, CSV, the driver's page, psql) is recorded
 * in the change's transaction; and it refuses UPDATE, DELETE and TRUNCATE, so no one edits it.
 *
 * Who and the way in come from `kc.audit_who` / `kc.audit_way`, set for the transaction by the
 * shop (platform/db/actor.ts, Payload's hooks); without them the stock ledger's `kc.actor`, and
 * without that "unknown", with the session's user and application: never dropped.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "audit_log" (
    "id" bigserial PRIMARY KEY,
    "at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "actor" varchar NOT NULL,
    "way" varchar NOT NULL,
    "entity" varchar NOT NULL,
    "entity_id" varchar NOT NULL,
    "label" varchar,
    "action" varchar NOT NULL CHECK ("action" IN ('create', 'update', 'delete', 'stock')),
    "changes" jsonb NOT NULL
  );
  CREATE INDEX "audit_log_entity_idx" ON "audit_log" ("entity", "entity_id", "id");
  CREATE INDEX "audit_log_label_idx" ON "audit_log" ("entity", lower("label"), "id");
  CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at");
  CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor", "id");

  CREATE FUNCTION "kc_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'integrity_constraint_violation';
  END $$;
  CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
    FOR EACH ROW EXECUTE FUNCTION "kc_audit_append_only"();
  CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
    FOR EACH STATEMENT EXECUTE FUNCTION "kc_audit_append_only"();

  CREATE FUNCTION "kc_audit_actor"(fallback text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce(nullif(current_setting('kc.audit_who', true), ''), nullif(fallback, ''),
                    nullif(current_setting('kc.actor', true), ''),
                    'unknown: ' || session_user
                      || coalesce(' via ' || nullif(current_setting('application_name'), ''), ''))
  $$;
  CREATE FUNCTION "kc_audit_way"() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce(nullif(current_setting('kc.audit_way', true), ''), 'unknown')
  $$;

  -- A row's change: TG_ARGV[0] the column that names it, [1] columns left out (noise, or kept
  -- by a ledger of their own), [2] secrets (recorded as changed, never their values).
  CREATE FUNCTION "kc_audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE to_jsonb(OLD) END;
    new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN '{}'::jsonb ELSE to_jsonb(NEW) END;
    skipped text[] := string_to_array(TG_ARGV[1], ',') || ARRAY['id', 'created_at', 'updated_at'];
    secrets text[] := string_to_array(TG_ARGV[2], ',');
    changes jsonb := '{}'::jsonb;
    row_of jsonb := CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END;
    k text;
  BEGIN
    FOR k IN SELECT jsonb_object_keys(old_row || new_row) LOOP
      CONTINUE WHEN k = ANY(skipped)
        OR coalesce(old_row -> k, 'null') = coalesce(new_row -> k, 'null');
      changes := changes || jsonb_build_object(k, CASE WHEN k = ANY(secrets)
        THEN jsonb_build_object('before', '(hidden)', 'after', '(changed)')
        ELSE jsonb_build_object('before', old_row -> k, 'after', new_row -> k) END);
    END LOOP;
    IF changes = '{}'::jsonb THEN RETURN NULL; END IF;
    INSERT INTO audit_log (actor, way, entity, entity_id, label, action, changes)
    VALUES (kc_audit_actor(NULL), kc_audit_way(), TG_TABLE_NAME, row_of ->> 'id',
            left(row_of ->> TG_ARGV[0], 200),
            CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'DELETE' THEN 'delete' ELSE 'update' END,
            changes);
    RETURN NULL;
  END $$;

  -- A price list's item (a price or a category's discount), recorded on its list.
  -- TG_ARGV[0]: the column that tells the list's items apart ('sku', 'category').
  CREATE FUNCTION "kc_audit_list_item"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'list_id' END;
    new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'list_id' END;
    item text := coalesce(new_row, old_row) ->> TG_ARGV[0];
  BEGIN
    IF old_row IS NOT DISTINCT FROM new_row THEN RETURN NULL; END IF;
    INSERT INTO audit_log (actor, way, entity, entity_id, label, action, changes)
    VALUES (kc_audit_actor(NULL), kc_audit_way(), 'price_lists',
            (CASE WHEN TG_OP = 'DELETE' THEN OLD.list_id ELSE NEW.list_id END)::text, NULL,
            CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'DELETE' THEN 'delete' ELSE 'update' END,
            jsonb_build_object(TG_TABLE_NAME || ' ' || item,
                               jsonb_build_object('before', old_row, 'after', new_row)));
    RETURN NULL;
  END $$;

  -- A stock move that is not a sale (the order is its record) nor a product's first stock (its
  -- creation's entry has it): recorded on the product, from the stock ledger's row.
  CREATE FUNCTION "kc_audit_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    now_in_stock numeric := (SELECT in_stock FROM products WHERE id = NEW.product_id);
  BEGIN
    INSERT INTO audit_log (actor, way, entity, entity_id, label, action, changes)
    VALUES (kc_audit_actor(NEW.actor), kc_audit_way(), 'products', NEW.product_id::text,
            NEW.sku, 'stock',
            jsonb_build_object(
              'in_stock', jsonb_build_object('before', now_in_stock - NEW.change, 'after', now_in_stock),
              'reason', jsonb_build_object('before', NULL, 'after', NEW.reason))
            || CASE WHEN NEW.note IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('note',
                 jsonb_build_object('before', NULL, 'after', NEW.note)) END);
    RETURN NULL;
  END $$;

  -- Products: an order's stock decrement (only in_stock moves, updated_at untouched) never
  -- calls the function; every edit (Payload, CSV) moves updated_at. Stock itself is left out of
  -- the row's diff: the stock ledger's trigger below records each move once.
  CREATE TRIGGER "products_audit" AFTER INSERT OR DELETE ON "products"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('sku', 'in_stock', '');
  CREATE TRIGGER "products_audit_update" AFTER UPDATE ON "products" FOR EACH ROW
    WHEN (OLD.in_stock IS NOT DISTINCT FROM NEW.in_stock OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
    EXECUTE FUNCTION kc_audit_row('sku', 'in_stock', '');
  CREATE TRIGGER "stock_movements_audit" AFTER INSERT ON "stock_movements" FOR EACH ROW
    WHEN (NEW.reason NOT IN ('sale', 'opening', 'created'))
    EXECUTE FUNCTION kc_audit_stock();

  CREATE TRIGGER "price_lists_audit" AFTER INSERT OR UPDATE OR DELETE ON "price_lists"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('name', '', '');
  CREATE TRIGGER "price_list_prices_audit" AFTER INSERT OR UPDATE OR DELETE ON "price_list_prices"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_list_item('sku');
  CREATE TRIGGER "price_list_discounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "price_list_discounts"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_list_item('category');
  CREATE TRIGGER "delivery_areas_audit" AFTER INSERT OR UPDATE OR DELETE ON "delivery_areas"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('name', '', '');
  CREATE TRIGGER "shop_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "shop_settings"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('shop_name', 'seeded_at', '');
  CREATE TRIGGER "payfast_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "payfast_settings"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('merchant_id', '', 'merchant_key,passphrase');
  CREATE TRIGGER "trade_accounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "trade_accounts"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('business_name', 'phone_key',
      'password_hash,setup_token_hash,setup_token_expires_at');
  -- An order's creation is its own record (the order, its lines, the stock ledger): only what
  -- happens to it afterwards. Print counts and a run's stop order are not changes to it.
  CREATE TRIGGER "orders_audit" AFTER UPDATE OR DELETE ON "orders"
    FOR EACH ROW EXECUTE FUNCTION kc_audit_row('order_id',
      'invoice_prints,credit_note_prints,stop_position,request_hash,idempotency_key', '');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER "orders_audit" ON "orders";
  DROP TRIGGER "trade_accounts_audit" ON "trade_accounts";
  DROP TRIGGER "payfast_settings_audit" ON "payfast_settings";
  DROP TRIGGER "shop_settings_audit" ON "shop_settings";
  DROP TRIGGER "delivery_areas_audit" ON "delivery_areas";
  DROP TRIGGER "price_list_discounts_audit" ON "price_list_discounts";
  DROP TRIGGER "price_list_prices_audit" ON "price_list_prices";
  DROP TRIGGER "price_lists_audit" ON "price_lists";
  DROP TRIGGER "stock_movements_audit" ON "stock_movements";
  DROP TRIGGER "products_audit_update" ON "products";
  DROP TRIGGER "products_audit" ON "products";
  DROP FUNCTION kc_audit_stock();
  DROP FUNCTION kc_audit_list_item();
  DROP FUNCTION kc_audit_row();
  DROP FUNCTION kc_audit_way();
  DROP FUNCTION kc_audit_actor(text);
  DROP TABLE "audit_log";
  DROP FUNCTION kc_audit_append_only();`)
}
