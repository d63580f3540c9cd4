import { AppError, BadInput } from '@/shared/errors'

/** Deeper than any input of the shop's: every check that walks a value recurses. */
export const MAX_NESTING = 64

/** A body holding more values than its route ever needs: 413, before it is parsed. */
export class TooManyValues extends AppError {
  constructor(field: string, maxValues: number) {
    const most = maxValues.toLocaleString('en-US')
    super(`${field}: JSON may hold at most ${most} keys and values here.`, 413, { field })
  }
}

/**
 * Refuses JSON nested deeper than MAX_NESTING (8,000 levels overflowed the stack of the checks
 * after the parse) or holding more than `maxValues` values, found by counting brackets, commas
 * and colons outside strings before anything is built: two million `{}` in 6 MB parsed into more
 * objects than the server's heap holds. The count is about the keys and values the text holds.
 * Fed piece by piece as a body arrives, it refuses one as soon as it is too much.
 */
export class JsonShape {
  private depth = 0
  private values = 0
  private inString = false
  private escaped = false

  constructor(
    private readonly field: string,
    private readonly maxValues: number,
  ) {}

  feed(text: string): void {
    const { field, maxValues } = this
    let { depth, values, inString, escaped } = this
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (inString) {
        if (escaped) escaped = false
        else if (c === 92) escaped = true
        else if (c === 34) inString = false
        continue
      }
      if (c === 34) inString = true
      else if (c === 91 || c === 123) {
        if (++depth > MAX_NESTING) {
          throw new BadInput(`${field}: JSON may be nested at most ${MAX_NESTING} levels deep.`, {
            field,
          })
        }
        values++
      } else if (c === 93 || c === 125) depth--
      else if (c === 44 || c === 58) values++
      if (values > maxValues) throw new TooManyValues(field, maxValues)
    }
    Object.assign(this, { depth, values, inString, escaped })
  }
}

export function assertJsonShape(text: string, field: string, maxValues: number): void {
  new JsonShape(field, maxValues).feed(text)
}
