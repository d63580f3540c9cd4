import { describe, expect, it } from 'vitest'

import { col, insertRow, insertRows, nullable, selectList, tableShape } from './row-shape'

const PETS = tableShape('pets', {
  id: col.int(),
  name: col.text(),
  kind: col.enum('enum_pets_kind', ['cat', 'dog'] as const),
  weight: nullable(col.numeric()),
})

describe('a declared row shape', () => {
  it('selects every column under an alias', () => {
    expect(selectList(PETS, 'p')).toBe('p.id, p.name, p.kind, p.weight')
  })

  it('selects the declared columns named, in the order named', () => {
    expect(selectList(PETS, 'p', ['weight', 'id'])).toBe('p.weight, p.id')
    // @ts-expect-error an undeclared column does not compile
    selectList(PETS, 'p', ['colour'])
  })

  it('inserts one row from the values given, numbered in order', () => {
    const insert = insertRow(PETS, { name: 'Rex', kind: 'dog', weight: null }, ['id'])
    expect(insert.text.replace(/\s+/g, ' ')).toBe(
      'INSERT INTO pets (name, kind, weight) VALUES ($1, $2, $3) RETURNING id',
    )
    const once = insertRow(PETS, { id: 1 }, ['id'], 'ON CONFLICT (id) DO NOTHING')
    expect(once.text.replace(/\s+/g, ' ')).toBe(
      'INSERT INTO pets (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id',
    )
    expect(insert.values).toEqual(['Rex', 'dog', null])
    expect(insertRow(PETS, { name: 'Tom' }).text.replace(/\s+/g, ' ')).toBe(
      'INSERT INTO pets (name) VALUES ($1) RETURNING id, name, kind, weight',
    )
  })

  it('inserts many rows as one array per column, cast to its type', () => {
    const insert = insertRows(PETS, [
      { id: 1, name: 'Rex', kind: 'dog', weight: '12.50' },
      { id: 2, name: 'Tom', kind: 'cat', weight: null },
    ])
    expect(insert.text).toBe(
      'INSERT INTO pets (id, name, kind, weight) SELECT * FROM unnest($1::int4[], $2::varchar[], $3::enum_pets_kind[], $4::numeric[])',
    )
    expect(insert.values).toEqual([
      [1, 2],
      ['Rex', 'Tom'],
      ['dog', 'cat'],
      ['12.50', null],
    ])
  })

  it('works out a computed column in the statement, numbering its arrays after earlier ones', () => {
    const insert = insertRows(PETS, [{ id: 1, name: 'Rex', weight: '12.50' }], { kind: "'dog'" }, 2)
    expect(insert.text.replace(/\s+/g, ' ')).toBe(
      "INSERT INTO pets (id, name, kind, weight) SELECT v.id, v.name, 'dog', v.weight FROM unnest($3::int4[], $4::varchar[], $5::numeric[]) AS v(id, name, weight)",
    )
    expect(insert.values).toEqual([[1], ['Rex'], ['12.50']])
  })
})
