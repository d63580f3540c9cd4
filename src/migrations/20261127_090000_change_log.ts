import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A change that LISTEN cannot hear (DATABASE_DIRECT_URL pointed at a transaction pooler, a
 * connection silently dropped) must still reach every instance: each write that announces a
 * topic also leaves a row here, which an instance whose feed is deaf polls
 * (src/platform/db/change-poll.ts). One row per transaction and topic, inserted, never updated:
 * writers never wait on each other's counter, and a row appears only when its transaction
 * commits, as the notification does. The feed deletes rows older than a day.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "kc_changes" (
    "id" bigserial PRIMARY KEY,
    "topic" varchar NOT NULL,
    "at" timestamptz NOT NULL DEFAULT clock_timestamp()
  );

  CREATE OR REPLACE FUNCTION kc_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kc_changes', TG_ARGV[0]);
    IF current_setting('kc.logged_' || TG_ARGV[0], true) IS DISTINCT FROM 'on' THEN
      INSERT INTO kc_changes (topic) VALUES (TG_ARGV[0]);
      PERFORM set_config('kc.logged_' || TG_ARGV[0], 'on', true);
    END IF;
    RETURN NULL;
  END $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION kc_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kc_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$;

  DROP TABLE "kc_changes";`)
}
