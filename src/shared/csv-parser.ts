/**
 * RFC 4180 CSV read incrementally: text goes in as it arrives (any split, a quoted cell or a CRLF
 * cut in two included) and whole records come out, so a file is never held, only the record
 * being read. Commas separate cells; a record ends at LF or CRLF; a cell that starts with `"` is
 * quoted (`""` is a quote in it, commas and line breaks are text); a leading UTF-8 BOM is dropped;
 * a record whose cells are all blank is skipped, as papaparse's `skipEmptyLines: 'greedy'` did.
 */

/** A CSV file as it arrives, and (asked once it has all arrived) whether this is a dry run. */
export type CsvSource = { text: AsyncIterable<string>; dryRun: () => boolean }

/** A file that cannot be read as CSV, at its `record` (1-based, blank lines not counted). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly record: number,
  ) {
    super(message)
    this.name = 'CsvSyntaxError'
  }
}

const COMMA = 44
const LF = 10
const CR = 13
const QUOTE = 34
const SPACE = 32
const TAB = 9

const enum State {
  /** At the start of a cell. */
  CellStart,
  Unquoted,
  Quoted,
  /** A `"` inside a quoted cell: the cell's end, or the first of `""`. */
  QuoteInQuoted,
  /** After a quoted cell's closing quote: only blanks before the comma or the line's end. */
  AfterQuoted,
}

export class CsvParser {
  private state = State.CellStart
  private cells: string[] = []
  private cell = ''
  /** Characters of the record so far, the cell being read included. */
  private size = 0
  private records = 0
  private started = false

  /** `maxRecordChars` bounds one record, so an unclosed quote cannot take in the whole file. */
  constructor(private readonly maxRecordChars: number) {}

  /** The records this text completes (none when it ends inside the first). */
  push(input: string): string[][] {
    let text = input
    if (!this.started && text.length > 0) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    const out: string[][] = []
    const n = text.length
    let i = 0
    while (i < n) {
      switch (this.state) {
        case State.CellStart: {
          const c = text.charCodeAt(i)
          if (c === QUOTE) {
            this.state = State.Quoted
            i++
          } else if (c === COMMA) {
            this.endCell(false)
            i++
          } else if (c === LF) {
            this.endRecord(out)
            i++
          } else this.state = State.Unquoted
          break
        }
        case State.Unquoted: {
          let j = i
          let c = 0
          while (j < n && (c = text.charCodeAt(j)) !== COMMA && c !== LF) j++
          this.append(text, i, j)
          if (j === n) return out
          if (c === COMMA) this.endCell(false)
          else this.endRecord(out)
          i = j + 1
          break
        }
        case State.Quoted: {
          const j = text.indexOf('"', i)
          this.append(text, i, j === -1 ? n : j)
          if (j === -1) return out
          this.state = State.QuoteInQuoted
          i = j + 1
          break
        }
        case State.QuoteInQuoted:
        case State.AfterQuoted: {
          const c = text.charCodeAt(i)
          if (c === QUOTE && this.state === State.QuoteInQuoted) {
            this.append('"', 0, 1)
            this.state = State.Quoted
          } else if (c === COMMA) this.endCell(false)
          else if (c === LF) this.endRecord(out)
          else if (c === SPACE || c === TAB || c === CR) this.state = State.AfterQuoted
          else {
            throw new CsvSyntaxError(
              'a quoted cell must end at a comma or at the end of the line (write a quote inside it as "")',
              this.records + 1,
            )
          }
          i++
          break
        }
      }
    }
    return out
  }

  /** The last record, when the text did not end with a line break. */
  end(): string[][] {
    if (this.state === State.Quoted) {
      throw new CsvSyntaxError('a quoted cell is not closed', this.records + 1)
    }
    const out: string[][] = []
    if (this.state !== State.CellStart || this.cells.length > 0) this.endRecord(out)
    return out
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from) return
    this.size += to - from
    if (this.size > this.maxRecordChars) {
      throw new CsvSyntaxError(
        `a row is longer than ${this.maxRecordChars} characters (is a quoted cell not closed?)`,
        this.records + 1,
      )
    }
    this.cell += text.slice(from, to)
  }

  private endCell(lineEnd: boolean): void {
    // CRLF: the CR before the line feed belongs to the line's end, not to an unquoted last cell.
    const cell =
      lineEnd && this.state === State.Unquoted && this.cell.endsWith('\r')
        ? this.cell.slice(0, -1)
        : this.cell
    this.cells.push(cell)
    this.cell = ''
    this.state = State.CellStart
  }

  private endRecord(out: string[][]): void {
    this.endCell(true)
    const cells = this.cells
    this.cells = []
    this.size = 0
    if (cells.every((c) => c.trim() === '')) return
    this.records++
    out.push(cells)
  }
}
