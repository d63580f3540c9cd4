import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname)

/**
 * Where SQL may be written besides a module's `*repository.ts`, and why:
 * - migrations are SQL;
 * - src/platform/db is the pool's own home: transactions, locks, migrate, the change log, and
 *   row-shape.ts, which writes the INSERTs of the tables the repositories declare;
 * - the CSV imports' staging files, whose SQL fills and reads a temporary table the import
 *   makes inside its own transaction: they are the imports' repositories by another name.
 */
const ALLOWED = [
  /^migrations\//,
  /^platform\/db\//,
  /repository\.ts$/,
  /^modules\/catalogue\/product-staging\.ts$/,
  /^modules\/price-lists\/staging\.ts$/,
]

/** A statement as the shop writes SQL: keywords in capitals, with what they act on. */
const SQL =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[\w"${}.]+\s+SET\b|\bDELETE\s+FROM\b/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : []
  })
}

/** The text of every string and template literal in a file (comments are not looked at). */
function literals(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text)
    else if (ts.isTemplateExpression(node))
      found.push(node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join(''))
    else ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Files outside the allowed places with SQL in a literal, each with the first such literal. */
function sqlOutsideRepositories(files: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const file of files) {
    const name = path.relative(SRC, file).split(path.sep).join('/')
    if (ALLOWED.some((allowed) => allowed.test(name))) continue
    const text = readFileSync(file, 'utf8')
    // Only a file whose text looks like SQL somewhere is parsed, to tell its literals from prose.
    if (!SQL.test(text)) continue
    const sql = literals(file, text).find((literal) => SQL.test(literal))
    if (sql !== undefined) out[name] = sql.trim().slice(0, 80)
  }
  return out
}

describe('SQL lives in repositories', () => {
  it('finds no SQL text outside a repository, a migration or the database platform', () => {
    expect(sqlOutsideRepositories(sourceFiles(SRC))).toEqual({})
  })

  it('knows SQL when it sees it, in a string or a template, and leaves prose alone', () => {
    const sample = path.join(SRC, 'modules/settings/settings.ts')
    expect(SQL.test('SELECT prices_for_buyers_only AS only FROM shop_settings LIMIT 1')).toBe(true)
    expect(SQL.test('UPDATE ${} SET x = 1')).toBe(true)
    expect(SQL.test('DELETE FROM kc_changes')).toBe(true)
    expect(SQL.test('INSERT INTO orders (a) VALUES ($1)')).toBe(true)
    expect(SQL.test('Select a size from the list')).toBe(false)
    expect(SQL.test('An update of the settings')).toBe(false)
    expect(literals(sample).length).toBeGreaterThan(0)
  })
})
