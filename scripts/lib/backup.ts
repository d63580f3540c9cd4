import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

import { migrations } from '../../src/migrations'

/**
 * A backup is one .tar.gz: `manifest.json` (format, time, the migrations the schema was at, the
 * tables and their columns), `db/<table>.copy` (each table's rows in COPY text format, all read
 * in one snapshot), `media/` (the uploaded images) and `secrets/` (the generated owner token and
 * Payload secret, when DATA_DIR holds them). The schema itself is the committed migrations: a
 * restore applies the same ones, then loads the rows, so no pg_dump of a matching version is
 * needed on either side.
 */
export const BACKUP_FORMAT = 1
export type Manifest = {
  format: number
  createdAt: string
  migrations: string[]
  tables: { name: string; columns: string[]; rows: number }[]
}

export const SECRET_FILES = ['admin-token', 'payload-secret'] as const

/** Tables the restore fills itself (applying the migrations writes their rows). */
const SKIPPED_TABLES = new Set(['payload_migrations'])

export async function dumpDatabase(
  url: string,
  folder: string,
): Promise<Omit<Manifest, 'createdAt' | 'format'>> {
  fs.mkdirSync(path.join(folder, 'db'), { recursive: true })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const { rows: applied } = await client.query<{ name: string }>(
      'SELECT name FROM payload_migrations ORDER BY id',
    )
    const tables: Manifest['tables'] = []
    for (const [name, columns] of await tableColumns(client)) {
      if (SKIPPED_TABLES.has(name)) continue
      const file = path.join(folder, 'db', `${name}.copy`)
      const list = columns.map(quote).join(', ')
      await pipeline(
        client.query(copyTo(`COPY (SELECT ${list} FROM ${quote(name)}) TO STDOUT`)),
        fs.createWriteStream(file),
      )
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${quote(name)}`,
      )
      tables.push({ name, columns, rows: rows[0]!.n })
    }
    await client.query('COMMIT')
    return { migrations: applied.map((m) => m.name).filter((n) => n !== 'dev'), tables }
  } finally {
    await client.end()
  }
}

/**
 * Brings an empty database to the schema of the first `count` committed migrations, recorded as
 * Payload records them. Each migration is plain SQL on drizzle, so Payload itself is not started.
 */
export async function applyMigrations(url: string, count: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    const db = drizzle({ client: pool })
    for (const migration of migrations.slice(0, count)) {
      await migration.up({ db, payload: undefined, req: undefined } as unknown as Parameters<
        typeof migration.up
      >[0])
      await pool.query('INSERT INTO payload_migrations (name, batch) VALUES ($1, 1)', [
        migration.name,
      ])
    }
  } finally {
    await pool.end()
  }
}

/** Loads a dump into a database whose schema is at the dump's migrations and holds no rows. */
export async function loadDatabase(url: string, folder: string, manifest: Manifest): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('BEGIN')
    const byName = new Map(manifest.tables.map((t) => [t.name, t]))
    for (const name of await loadOrder(client)) {
      const table = byName.get(name)
      if (!table || SKIPPED_TABLES.has(name)) continue
      // The dump holds what the triggers wrote (the stock ledger): they must not write it twice.
      await client.query(`ALTER TABLE ${quote(name)} DISABLE TRIGGER USER`)
      // A migration may have put a row in (the invoice counter's one row): the dump's replaces it.
      await client.query(`DELETE FROM ${quote(name)}`)
      await pipeline(
        fs.createReadStream(path.join(folder, 'db', `${name}.copy`)),
        client.query(
          copyFrom(`COPY ${quote(name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`),
        ),
      )
      await client.query(`ALTER TABLE ${quote(name)} ENABLE TRIGGER USER`)
    }
    const { rows: serials } = await client.query<{
      table_name: string
      column_name: string
      seq: string
    }>(
      `SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
         FROM information_schema.columns
        WHERE table_schema = 'public' AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
    )
    for (const { table_name, column_name, seq } of serials) {
      await client.query(
        `SELECT setval($1, coalesce(max(${quote(column_name)}), 1), max(${quote(column_name)}) IS NOT NULL) FROM ${quote(table_name)}`,
        [seq],
      )
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

async function tableColumns(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`,
  )
  const tables = new Map<string, string[]>()
  for (const { table_name, column_name } of rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name])
  }
  return tables
}

/** Every table after the tables its foreign keys point to. */
async function loadOrder(client: pg.Client): Promise<string[]> {
  const tables = [...(await tableColumns(client)).keys()]
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  )
  const ordered: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return
    path.add(table)
    for (const { child, parent } of rows)
      if (child.replaceAll('"', '') === table) visit(parent.replaceAll('"', ''), path)
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}

export function tar(args: string[]): void {
  const result = spawnSync('tar', args, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`tar ${args[0]} failed: ${result.stderr || result.error}`)
}
