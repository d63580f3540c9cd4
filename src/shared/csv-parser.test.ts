import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'

import { CsvParser, CsvSyntaxError } from './csv-parser'

/** Every record of `text` given to the parser in pieces cut at `cuts`. */
function parse(text: string, cuts: number[] = [], max = 1_000_000): string[][] {
  const parser = new CsvParser(max)
  const records: string[][] = []
  let from = 0
  for (const cut of [...cuts, text.length]) {
    records.push(...parser.push(text.slice(from, cut)))
    from = cut
  }
  return [...records, ...parser.end()]
}

/** The same text cut at every place, then at every pair of places. */
function everySplit(text: string): number[][] {
  const cuts: number[][] = [[]]
  for (let i = 0; i <= text.length; i++) {
    cuts.push([i])
    for (let j = i; j <= text.length; j += 3) cuts.push([i, j])
  }
  return cuts
}

const SAMPLE =
  '\uFEFFsku,name,description\r\n' +
  'A-1,"Braai tongs, long","Says ""hot""\r\nline two"\r\n' +
  '\r\n' +
  ',,\n' +
  'B-2,Ngiyabonga ŋ ẑ 😀 中文,"  spaced  " \n' +
  'C-3,"",last'

const EXPECTED = [
  ['sku', 'name', 'description'],
  ['A-1', 'Braai tongs, long', 'Says "hot"\r\nline two'],
  ['B-2', 'Ngiyabonga ŋ ẑ 😀 中文', '  spaced  '],
  ['C-3', '', 'last'],
]

describe('CsvParser', () => {
  it('reads quoted commas, doubled quotes, line breaks, CRLF, a BOM, and skips blank lines', () => {
    expect(parse(SAMPLE)).toEqual(EXPECTED)
  })

  it('gives the same records wherever the text is cut: in a quote, a "" or a CRLF', () => {
    for (const cuts of everySplit(SAMPLE)) {
      expect(parse(SAMPLE, cuts), JSON.stringify(cuts)).toEqual(EXPECTED)
    }
  })

  it('reads what papaparse read, for the files the shop exports', () => {
    const text =
      'sku,name,category,price,description\n' +
      'X,"=HYPERLINK(""a"")",Clothing,1.00,"\'@SUM"\n' +
      'Y,plain text,Home & Garden,2,"multi\nline, with comma"\n' +
      'Z,a"b,Clothing,3,\n'
    const papa = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' })
    expect(parse(text)).toEqual(papa.data)
  })

  it('ends the last record without a line break, and keeps a trailing empty cell', () => {
    expect(parse('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ])
    expect(parse('a,b\r\n')).toEqual([['a', 'b']])
    expect(parse('')).toEqual([])
  })

  it('keeps a CR inside a cell that is not at the line end', () => {
    expect(parse('a\rb,c\r\n')).toEqual([['a\rb', 'c']])
  })

  it('refuses an unclosed quote, and text after a closing quote, naming the record', () => {
    const unclosed = () => parse('sku,name\nA,"open\nB,c\n')
    expect(unclosed).toThrow(CsvSyntaxError)
    expect(unclosed).toThrow('a quoted cell is not closed')
    try {
      parse('h1,h2\n\nok,ok\nA,"x"y\n')
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError)
      expect((error as CsvSyntaxError).record).toBe(3)
      return
    }
    throw new Error('a stray quote was accepted')
  })

  it('bounds one record, so an unclosed quote cannot take in the whole file', () => {
    const parser = new CsvParser(100)
    expect(parser.push('a,b\n')).toEqual([['a', 'b']])
    expect(() => parser.push(`"${'x'.repeat(60)}`)).not.toThrow()
    expect(() => parser.push('x'.repeat(60))).toThrow(/longer than 100 characters/)
  })
})
