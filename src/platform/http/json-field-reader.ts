import { BadInput, PayloadTooLarge } from '@/shared/errors'

import { assertStorableText, MAX_NESTING } from './body'
import { JsonStringDecoder } from './json-string-decoder'

/**
 * A JSON object read as its text arrives, one string member of which (a file's text) is handed
 * on decoded, piece by piece, and never held: `{"csvData": "sku,name\n…", "dryRun": true}`.
 * The other members, in any order and small, are kept as text and parsed at the end. The pieces
 * given out never split a surrogate pair, so each can be checked as text on its own (the string
 * itself is decoded by json-string-decoder.ts).
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
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
  private readonly string = new JsonStringDecoder()
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
        const read = this.string.read(text, i)
        out += read.text
        i = read.next
        if (read.closed) this.state = State.AfterValue
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
    return this.state === State.Streamed ? this.string.hold(out) : out
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
}

function notJson(): BadInput {
  return new BadInput('Request body is not valid JSON.', { field: 'body' })
}
