import { BadInput } from './errors'

/** A row of an imported file that cannot be taken, by its line (the header is line 1). */
export type RowError = { line: number; field: string; message: string }

/**
 * The errors of a file read row by row: how many lines have one, and the first `max` errors
 * (the answer lists no more), so a file of 200,000 bad rows costs no more memory than one of 200.
 * A line's errors are added together, and lines in the order they are read.
 */
export class RowErrors {
  private readonly kept: RowError[] = []
  private lines = 0
  private lastLine = -1

  constructor(private readonly max = 200) {}

  add(error: RowError): void {
    if (error.line !== this.lastLine) {
      this.lines++
      this.lastLine = error.line
    }
    if (this.kept.length < this.max) this.kept.push(error)
  }

  /** Errors found apart (by the database, over the whole file): `lines` lines, the first given. */
  addFound(first: readonly RowError[], lines: number): void {
    this.kept.push(...first)
    this.lines += lines
  }

  get count(): number {
    return this.lines
  }

  /** The 400 that lists the rows, lowest lines first. */
  refusal(): BadInput {
    const lines = this.lines
    return new BadInput(
      `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      { rows: this.kept.sort((a, b) => a.line - b.line).slice(0, this.max) },
    )
  }
}
