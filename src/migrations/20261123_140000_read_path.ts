import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The owner's export reads the catalogue in sku order a batch at a time: it needs an index in the
 * byte order it promises, whatever the database's collation. The dashboard pages orders newest
 * first, a year of them and more.
 *
 * Every write to what the shop caches announces itself on the `kc_changes` channel, whoever makes
 * it: an API route, /cms, the seed, another app process or psql. Each process LISTENs there and
 * drops what it cached (src/lib/server/change-feed.ts). The payload is the topic only, so a CSV
 * import of 100,000 rows sends one notification: PostgreSQL folds identical ones in a transaction.
 *
 * A product update that changes nothing but its stock (every order does that) is not a content
 * change and sends nothing: the stock a shopper sees is read live, never cached.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX "products_sku_bytes_idx" ON "products" USING btree ("sku" COLLATE "C");
  CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);

  CREATE FUNCTION kc_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kc_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$;

  CREATE TRIGGER products_changed_rows AFTER INSERT OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('products');
  CREATE TRIGGER products_changed_content AFTER UPDATE ON products FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'in_stock' - 'updated_at') IS DISTINCT FROM
          (to_jsonb(NEW) - 'in_stock' - 'updated_at'))
    EXECUTE FUNCTION kc_notify_change('products');
  CREATE TRIGGER media_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media
    FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('products');
  CREATE TRIGGER delivery_areas_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON delivery_areas FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('areas');
  CREATE TRIGGER shop_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON shop_settings FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_change('settings');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER shop_settings_changed ON shop_settings;
  DROP TRIGGER delivery_areas_changed ON delivery_areas;
  DROP TRIGGER media_changed ON media;
  DROP TRIGGER products_changed_content ON products;
  DROP TRIGGER products_changed_rows ON products;
  DROP FUNCTION kc_notify_change();
  DROP INDEX "orders_newest_idx";
  DROP INDEX "products_sku_bytes_idx";`)
}
