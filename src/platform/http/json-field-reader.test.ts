import { describe, expect, it } from 'vitest'

import { JsonFieldReader } from './json-field-reader'

/** The field's text and the other members of `body`, given to the reader in pieces. */
function read(body: string, cuts: number[] = [], wellFormed = true) {
  const reader = new JsonFieldReader('csvData')
  let text = ''
  let from = 0
  for (const cut of [...cuts, body.length]) {
    const piece = reader.push(body.slice(from, cut))
    // No piece may end in half a surrogate pair: each is checked as text on its own.
    if (wellFormed) expect(piece.isWellFormed(), JSON.stringify(piece)).toBe(true)
    text += piece
    from = cut
  }
  return { text, ...reader.end() }
}

const CSV = 'sku,name\r\nA-1,"Braai ""tongs"", long"\nB-2,Ngiyabonga ŋ ẑ 😀 中文 \t/\\ end\u0001'

describe('JsonFieldReader', () => {
  it('hands on the string decoded, and parses the other members, in any order', () => {
    expect(read(JSON.stringify({ csvData: CSV, dryRun: true }))).toEqual({
      text: CSV,
      others: { dryRun: true },
      streamed: true,
    })
    expect(
      read(` { "dryRun" : false , "note": {"a": [1, "}"]}, "csvData":${JSON.stringify(CSV)} }\n`),
    ).toEqual({ text: CSV, others: { dryRun: false, note: { a: [1, '}'] } }, streamed: true })
  })

  it('decodes the same wherever the body is cut: in an escape, a \\u sequence or a surrogate pair', () => {
    // \u escapes for everything outside ASCII, as Python's json.dumps writes them.
    const escaped = `{"csvData":"${[...CSV]
      .map((c) =>
        c.charCodeAt(0) > 126 || c.charCodeAt(0) < 32
          ? escapeAll(c)
          : JSON.stringify(c).slice(1, -1),
      )
      .join('')}","dryRun":true}`
    for (const body of [JSON.stringify({ csvData: CSV, dryRun: true }), escaped]) {
      for (let i = 0; i <= body.length; i++) {
        for (const j of [i, i + 1, i + 2, i + 5, i + 7]) {
          const got = read(body, [i, Math.min(j, body.length)])
          expect(got.text, `${i},${j}`).toBe(CSV)
          expect(got.others).toEqual({ dryRun: true })
        }
      }
    }
  })

  it('gives a lone surrogate out as it is, for the caller to refuse', () => {
    const { text } = read('{"csvData":"a\\ud83d"}', [13], false)
    expect(text).toBe('a\ud83d')
    expect(text.isWellFormed()).toBe(false)
  })

  it('refuses bodies that are not one JSON object', () => {
    for (const body of [
      '',
      '  ',
      '[]',
      '{"csvData":"a"',
      '{"csvData":"a",}',
      '{"csvData":"a"} x',
      '{"csvData":"a\nb"}',
      '{"csvData":"\\x"}',
      '{"csvData":"\\u12G4"}',
      '{csvData:"a"}',
      '{"dryRun":tru}',
    ]) {
      expect(() => read(body), JSON.stringify(body)).toThrow(/not valid JSON|empty/)
    }
    expect(() => read('{"csvData":"a","csvData":"b"}')).toThrow('csvData appears twice.')
  })

  it('says when the field is missing or not a string', () => {
    expect(read('{"dryRun":true}')).toMatchObject({ streamed: false })
    expect(read('{"csvData":5}')).toMatchObject({ streamed: false, others: { csvData: 5 } })
  })

  it('bounds the other members and their depth', () => {
    expect(() => read(`{"note":"${'x'.repeat(70_000)}","csvData":"a"}`)).toThrow(/too large/)
    expect(() => read(`{"a":${'['.repeat(70)}${']'.repeat(70)},"csvData":"a"}`)).toThrow(
      /nested at most 64/,
    )
    expect(() => read('{"__proto__":{"polluted":1},"csvData":"a"}')).not.toThrow()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

function escapeAll(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++)
    out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`
  return out
}
