import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * The lint rule (eslint.config.mjs, SERVER_ONLY) stops a browser file importing a repository or
 * a server package by name; this follows every import on from there, so a DTO file that picks
 * up the pool, Payload or a repository on the way is found too. Type-only imports are left out:
 * they are gone before the browser sees the code.
 */
const SRC = path.resolve(import.meta.dirname, '..')
const SERVER_PACKAGE = /^(pg|pg-.*|payload|@payloadcms\/.*|next\/headers|server-only|node:.*)(\/|$)/
const SERVER_FILE =
  /(^|\/)(platform\/db\/(?!serial-id\.ts$)|cms\/|boot\/|app\/_server\/)|repository\.tsx?$/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** What a file imports at run time: `import type` and all-`type` specifier lists left out. */
function valueImports(source: string): string[] {
  const found: string[] = []
  const statement =
    /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm
  for (const m of source.matchAll(statement)) {
    if (m[5]) {
      found.push(m[5])
      continue
    }
    if (m[2]) continue
    const names = /^\{([^}]*)\}$/.exec(m[3]!.trim())?.[1]
    const onlyTypes =
      names !== undefined &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '))
    if (!onlyTypes) found.push(m[4]!)
  }
  for (const m of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!)
  return found
}

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(SRC, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined
  if (!base) return undefined
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** Each browser file's path to the first server-only thing it reaches, if any. */
function serverReach(): string[] {
  const problems: string[] = []
  const seen = new Map<string, string[] | null>()
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return seen.get(file)!
    seen.set(file, null)
    for (const spec of valueImports(readFileSync(file, 'utf8'))) {
      if (SERVER_PACKAGE.test(spec)) return remember(file, [...trail, spec])
      const next = resolve(file, spec)
      if (!next) continue
      const relative = path.relative(SRC, next)
      if (SERVER_FILE.test(relative)) return remember(file, [...trail, relative])
      const found = walk(next, [...trail, relative])
      if (found) return remember(file, found)
    }
    return null
  }
  const remember = (file: string, trail: string[]) => {
    seen.set(file, trail)
    return trail
  }
  for (const dir of ['components', 'client']) {
    for (const file of files(path.join(SRC, dir))) {
      const relative = path.relative(SRC, file)
      seen.clear()
      const trail = walk(file, [relative])
      if (trail) problems.push(trail.join(' -> '))
    }
  }
  return problems
}

describe('browser code', () => {
  it('reaches no repository, pool, Payload or server package through its imports', () => {
    expect(serverReach()).toEqual([])
  })
})
