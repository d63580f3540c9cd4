/**
 * A table's row declared once: each column's PostgreSQL type, whether it may be null and, for an
 * enum, its values. The TypeScript row type, the SELECT list and the INSERT's columns are derived
 * from it, and tests/int/schema.test.ts checks every declared table against the migrated database
 * (every column, its type, its nullability, an enum's values), so a change to a Payload
 * collection that the SQL has not followed fails a test instead of an order.
 */
export type Column<T = unknown> = {
  /** PostgreSQL's udt_name of the column, as information_schema.columns reports it. */
  readonly udt: string
  readonly nullable: boolean
  /** An enum's labels, in PostgreSQL's order. */
  readonly labels?: readonly string[]
  /** Only carries the decoded type; never set. */
  readonly decoded?: T
}

const column = <T>(udt: string, labels?: readonly string[]): Column<T> => ({
  udt,
  nullable: false,
  ...(labels ? { labels } : {}),
})

/** Columns as node-postgres decodes them: numeric stays text, so money is never a float. */
export const col = {
  int: () => column<number>('int4'),
  /** A bigserial's values pass int4's range: node-postgres reads them as text. */
  bigint: () => column<string>('int8'),
  /** Varchar; narrowed to `T` where a CHECK holds it to a few values. */
  text: <T extends string = string>() => column<T>('varchar'),
  numeric: () => column<string>('numeric'),
  jsonb: <T>() => column<T>('jsonb'),
  bool: () => column<boolean>('bool'),
  time: () => column<Date>('timestamptz'),
  /** A calendar day; node-postgres reads it as a Date at local midnight (queries use to_char). */
  day: () => column<Date>('date'),
  /** Raw bytes (a stored file); node-postgres reads them as a Buffer. */
  bytea: () => column<Buffer>('bytea'),
  enum: <const L extends readonly string[]>(udt: string, labels: L) =>
    column<L[number]>(udt, labels),
}

export function nullable<T>(of: Column<T>): Column<T | null> {
  return { ...of, nullable: true } as Column<T | null>
}

export type Shape = Record<string, Column>

export type TableShape<S extends Shape = Shape> = { readonly name: string; readonly columns: S }

export type RowOf<T extends TableShape> = {
  [K in keyof T['columns']]: T['columns'][K] extends Column<infer V> ? V : never
}

export function tableShape<const S extends Shape>(name: string, columns: S): TableShape<S> {
  return { name, columns }
}

/** The row with only the columns `K`: what a SELECT of part of a row reads. */
export type PartOf<T extends TableShape, K extends keyof T['columns']> = Pick<RowOf<T>, K>

/**
 * `a.x, a.y, …` over every declared column, for a SELECT of whole rows, or over the declared
 * columns named (a misspelt or undeclared one does not compile), for a SELECT of part of them.
 */
export function selectList<T extends TableShape>(
  table: T,
  alias: string,
  names: readonly (keyof T['columns'] & string)[] = Object.keys(table.columns),
): string {
  return names.map((name) => `${alias}.${name}`).join(', ')
}

/**
 * An INSERT of one row from its values by column name: the columns are the declared ones given,
 * so a misspelt or undeclared column does not compile. It returns the columns named, or by
 * default the whole row as the database completed it (its id, defaults and times), in the same
 * statement. `onConflict` is the clause for a row that would break a unique index
 * (`ON CONFLICT (x) DO NOTHING`).
 */
export function insertRow<T extends TableShape>(
  table: T,
  values: Partial<RowOf<T>>,
  returning: readonly (keyof T['columns'] & string)[] = Object.keys(table.columns),
  onConflict = '',
  /** Columns whose value the statement itself works out: SQL expressions, not parameters. */
  computed: Partial<Record<keyof T['columns'] & string, string>> = {},
): { text: string; values: unknown[] } {
  const names = Object.keys(values).filter((name) => name in table.columns && !(name in computed))
  const worked = Object.entries(computed) as [string, string][]
  return {
    text: `INSERT INTO ${table.name} (${[...names, ...worked.map(([name]) => name)].join(', ')})
     VALUES (${[...names.map((_, i) => `$${i + 1}`), ...worked.map(([, sql]) => sql)].join(', ')}) ${onConflict}
     RETURNING ${returning.join(', ')}`,
    values: names.map((name) => (values as Record<string, unknown>)[name]),
  }
}

/**
 * An INSERT of many rows in one statement, each column sent as one array (`unnest`), so its cost
 * does not grow with the number of parameters. Every declared column is written.
 */
export function insertRows<T extends TableShape>(
  table: T,
  rows: Partial<RowOf<T>>[],
  /** Columns whose value the statement itself works out, the same in every row: SQL. */
  computed: Partial<Record<keyof T['columns'] & string, string>> = {},
  /** The number of parameters before this statement's, when it is part of a larger one. */
  after = 0,
): { text: string; values: unknown[] } {
  const all = Object.keys(table.columns)
  const sent = all.filter((name) => !(name in computed))
  const casts = sent.map((name, i) => `$${after + i + 1}::${table.columns[name]!.udt}[]`)
  const values = sent.map((name) => rows.map((row) => (row as Record<string, unknown>)[name]))
  if (sent.length === all.length)
    return {
      text: `INSERT INTO ${table.name} (${all.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`,
      values,
    }
  const picked = all.map((name) => (computed as Record<string, string>)[name] ?? `v.${name}`)
  return {
    text: `INSERT INTO ${table.name} (${all.join(', ')})
     SELECT ${picked.join(', ')} FROM unnest(${casts.join(', ')}) AS v(${sent.join(', ')})`,
    values,
  }
}
