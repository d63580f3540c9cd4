import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/** Issue #29's rule: a component that grows past this is doing two things; split it. */
const MOST_LINES = 150

const ROOT = path.resolve(import.meta.dirname, '..', '..')

function componentFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .sort()
}

export function linesOf(text: string): number {
  if (text === '') return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

describe('component files', () => {
  const files = [...componentFiles('src/components'), ...componentFiles('src/app')]

  it('finds the components it checks', () => {
    expect(files).toContain('src/components/storefront/product-card.tsx')
    expect(files).toContain('src/app/(shop)/p/[sku]/page.tsx')
  })

  it(`are ${MOST_LINES} lines or fewer`, () => {
    const over = files
      .map((file) => ({ file, lines: linesOf(readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter(({ lines }) => lines > MOST_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(over).toEqual([])
  })

  it('counts lines as an editor numbers them', () => {
    expect(linesOf('')).toBe(0)
    expect(linesOf('a\n')).toBe(1)
    expect(linesOf('a\nb')).toBe(2)
    expect(linesOf('a\nb\n')).toBe(2)
  })
})
