import { BadInput } from '@/shared/errors'

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

/**
 * The inside of one JSON string, decoded as its text arrives in pieces: an escape (`\n`,
 * `\u00e9`) may be cut anywhere, and a surrogate pair written as two `\u` escapes may fall in two
 * pieces. Used by JsonFieldReader for the one string it hands on.
 */
export class JsonStringDecoder {
  /** An escape cut off at the end of the last piece (`\`, `\u00`), and a high surrogate held. */
  private escape = ''
  private held = ''

  /** The string's text in `text` from `from`: where reading stopped, and whether it closed. */
  read(text: string, from: number): { text: string; next: number; closed: boolean } {
    let out = this.held
    this.held = ''
    let i = from
    if (this.escape) {
      ;[out, i] = this.finishEscape(out, text, i)
      if (this.escape) return { text: out, next: i, closed: false }
    }
    let run = i
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 34) return { text: out + text.slice(run, i), next: i + 1, closed: true }
      if (c === 92) {
        out += text.slice(run, i)
        this.escape = '\\'
        ;[out, i] = this.finishEscape(out, text, i + 1)
        if (this.escape) return { text: out, next: i, closed: false }
        run = i
        i--
      } else if (c < 0x20) throw notJson()
    }
    return { text: out + text.slice(run), next: i, closed: false }
  }

  /** `text` without a high surrogate at its end, kept for the next piece: no half pairs out. */
  hold(text: string): string {
    const last = text.charCodeAt(text.length - 1) // NaN for '': nothing to hold
    if (!(last >= 0xd800 && last <= 0xdbff)) return text
    this.held = text.slice(-1)
    return text.slice(0, -1)
  }

  /** Completes the escape begun in `this.escape` from the text at `from`, if it is all there. */
  private finishEscape(out: string, text: string, from: number): [string, number] {
    let i = from
    while (i < text.length && !escapeComplete(this.escape)) this.escape += text[i++]
    if (!escapeComplete(this.escape)) return [out, i]
    const escape = this.escape
    this.escape = ''
    if (escape[1] === 'u') {
      if (!/^\\u[0-9a-fA-F]{4}$/.test(escape)) throw notJson()
      return [out + String.fromCharCode(parseInt(escape.slice(2), 16)), i]
    }
    const decoded = ESCAPES[escape[1]!]
    if (decoded === undefined) throw notJson()
    return [out + decoded, i]
  }
}

function escapeComplete(escape: string): boolean {
  return escape.length >= 2 && (escape[1] !== 'u' || escape.length === 6)
}

function notJson(): BadInput {
  return new BadInput('Request body is not valid JSON.', { field: 'body' })
}
