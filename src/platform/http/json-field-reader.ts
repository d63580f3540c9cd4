import { BadInput, PayloadTooLarge } from '@/shared/errors'

import { assertStorableText, MAX_NESTING } from './body'

/**
 * A JSON object read as its text arrives, one string member of which (a file's text) is handed
 * on decoded, piece by piece, and never held: `{"csvData": "sku,name\n…", "dryRun": true}`.
 * The other members, in any order and small, are kept as text and parsed at the end. The pieces
 * given out never split a surrogate pair, so each can be checked as text on its own.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
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
/** A key longer than this is no key of any request of the shop's. */
const MAX_KEY_CHARS = 1_000

const enum State {
  Start,
  KeyOrEnd,
  Key,
  Colon,
  Value,
  Streamed,
  Other,
  AfterValue,
  NextKey,
  Done,
}

export class JsonFieldReader {
  private state = State.Start
  private key = ''
  private keyEscaped = false
  /** The other member's text so far, and how deep in brackets and whether in a string it is. */
  private raw = ''
  private depth = 0
  private inString = false
  private rawEscaped = false
  private otherChars = 0
  private readonly others = new Map<string, unknown>()
  /** An escape cut off at the end of the last text (`\`, `\u00`), and a high surrogate held. */
  private escape = ''
  private held = ''
  private seenField = false
  private streamed = false
  private empty = true

  constructor(
    readonly field: string,
    /** The other members' text, all together, at most this long (413 past it). */
    private readonly maxOtherChars = 64 * 1024,
  ) {}

  /** The text of the field's string that this piece of the body holds (often all of it). */
  push(text: string): string {
    let out = ''
    const n = text.length
    let i = 0
    while (i < n) {
      if (this.state === State.Streamed) {
        const [decoded, next] = this.readString(text, i)
        out += decoded
        i = next
        continue
      }
      const ch = text[i]!
      if (this.state === State.Key) {
        i = this.readKey(text, i)
        continue
      }
      if (this.state === State.Other) {
        i = this.readOther(text, i)
        continue
      }
      i++
      if (WHITESPACE.has(ch)) continue
      this.empty = false
      switch (this.state) {
        case State.Start:
          this.expect(ch === '{', State.KeyOrEnd)
          break
        case State.KeyOrEnd:
          if (ch === '}') this.state = State.Done
          else this.expect(ch === '"', State.Key)
          break
        case State.NextKey:
          this.expect(ch === '"', State.Key)
          break
        case State.Colon:
          this.expect(ch === ':', State.Value)
          break
        case State.Value:
          if (this.key === this.field && ch === '"') {
            if (this.seenField)
              throw new BadInput(`${this.field} appears twice.`, { field: this.field })
            this.seenField = true
            this.streamed = true
            this.state = State.Streamed
          } else {
            this.state = State.Other
            i--
          }
          break
        case State.AfterValue:
          if (ch === '}') this.state = State.Done
          else this.expect(ch === ',', State.NextKey)
          break
        default:
          throw notJson()
      }
    }
    // A high surrogate waits for its other half, so no piece given out ends in half a pair.
    const last = out.charCodeAt(out.length - 1)
    if (last >= 0xd800 && last <= 0xdbff && this.state === State.Streamed) {
      this.held = out.slice(-1)
      out = out.slice(0, -1)
    }
    return out
  }

  /** The object's other members, once the whole body has been given; whether the field came. */
  end(): { others: Record<string, unknown>; streamed: boolean } {
    if (this.empty) throw new BadInput('Request body is empty: send JSON.', { field: 'body' })
    if (this.state !== State.Done) throw notJson()
    return { others: Object.fromEntries(this.others), streamed: this.streamed }
  }

  private expect(ok: boolean, next: State): void {
    if (!ok) throw notJson()
    if (next === State.Key) this.key = ''
    this.state = next
  }

  private readKey(text: string, from: number): number {
    let i = from
    for (; i < text.length; i++) {
      const c = text[i]!
      if (this.keyEscaped) this.keyEscaped = false
      else if (c === '\\') this.keyEscaped = true
      else if (c === '"') {
        this.key += text.slice(from, i)
        this.closeKey()
        return i + 1
      }
    }
    this.key += text.slice(from)
    if (this.key.length > MAX_KEY_CHARS) throw notJson()
    return i
  }

  private closeKey(): void {
    let key: unknown
    try {
      key = JSON.parse(`"${this.key}"`)
    } catch {
      throw notJson()
    }
    assertStorableText({ [key as string]: null })
    this.key = key as string
    this.state = State.Colon
  }

  /** Another member's value, kept as text up to the comma or brace that ends it. */
  private readOther(text: string, from: number): number {
    let i = from
    for (; i < text.length; i++) {
      const c = text[i]!
      if (this.inString) {
        if (this.rawEscaped) this.rawEscaped = false
        else if (c === '\\') this.rawEscaped = true
        else if (c === '"') this.inString = false
      } else if (c === '"') this.inString = true
      else if (c === '[' || c === '{') {
        // The object itself is the first level.
        if (++this.depth >= MAX_NESTING) {
          throw new BadInput(`body: JSON may be nested at most ${MAX_NESTING} levels deep.`, {
            field: 'body',
          })
        }
      } else if (c === ']' || c === '}') {
        if (this.depth === 0) break
        this.depth--
      } else if (c === ',' && this.depth === 0) break
    }
    this.otherChars += i - from
    if (this.otherChars > this.maxOtherChars) throw new PayloadTooLarge(this.maxOtherChars)
    this.raw += text.slice(from, i)
    if (i === text.length) return i
    let value: unknown
    try {
      value = JSON.parse(this.raw)
    } catch {
      throw notJson()
    }
    assertStorableText(value, this.key)
    if (this.key === this.field) {
      if (this.seenField) throw new BadInput(`${this.field} appears twice.`, { field: this.field })
      this.seenField = true
    }
    this.others.set(this.key, value)
    this.raw = ''
    this.state = State.AfterValue
    // The comma or brace is read again as what follows a value.
    return i
  }

  /** The streamed string's text from `from`: decoded, and where reading stopped. */
  private readString(text: string, from: number): [string, number] {
    let out = this.held
    this.held = ''
    let i = from
    if (this.escape) {
      ;[out, i] = this.finishEscape(out, text, i)
      if (this.escape) return [out, i]
    }
    let run = i
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 34) {
        this.state = State.AfterValue
        return [out + text.slice(run, i), i + 1]
      }
      if (c === 92) {
        out += text.slice(run, i)
        this.escape = '\\'
        ;[out, i] = this.finishEscape(out, text, i + 1)
        if (this.escape) return [out, i]
        run = i
        i--
      } else if (c < 0x20) throw notJson()
    }
    return [out + text.slice(run), i]
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
