import type { FlattenedField, Where } from 'payload'
import { validOperatorSet } from 'payload/shared'

import { isSerialId, MAX_SERIAL } from '@/platform/db/serial-id'

/** What a where path names: an id (the document's, or one a relationship holds), or else. */
export type PathKind =
  | { kind: 'id'; text: boolean }
  | { kind: 'json-path' }
  | { kind: 'field'; field: FlattenedField }
  | undefined

/** The fields of each collection and whether its ids are text, to follow relationships. */
export type Schema = {
  fieldsOf: (slug: string) => FlattenedField[]
  textIds: (slug: string) => boolean
}

const ID_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
])
/** What Payload's Postgres adapter can write as a jsonpath query on a path inside JSON. */
const JSON_PATH_OPERATORS = new Set([
  'equals',
  'not_equals',
  'like',
  'not_like',
  'in',
  'not_in',
  'exists',
])
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])
/** `all` the Postgres adapter cannot run; the others only on point fields, which the shop has none of. */
const UNSUPPORTED_OPERATORS = new Set(['all', 'near', 'within', 'intersects'])
const TEXT_OPERATORS = new Set(['contains', 'like', 'not_like'])

/** A request's where refused: its message says which condition and why. */
export class WhereRefused extends Error {}

/**
 * A where as Payload's Postgres adapter can run it, or WhereRefused. Values compared with an id
 * must be ids, written one way (see serialId); the adapter would read `2abc` as 2, and a number
 * past int4 was the database's error. A condition of `null` (GraphQL's `where: {fee: null}`)
 * crashed the adapter: it means the field is null, as in Prisma; a null among AND or OR is none. Operators the adapter writes
 * as broken SQL (greater_than inside JSON, contains on a date) and objects where a value
 * belongs were 500s: all refused here with a 400 instead.
 */
export function checkedWhere(
  where: Where | null | undefined,
  slug: string,
  schema: Schema,
  at = 'where',
): Where | undefined {
  if (where === null || where === undefined) return undefined
  // Payload ignores a where that is no object; its own checks refuse what they cannot read.
  if (typeof where !== 'object' || Array.isArray(where)) return where
  const checked: Where = {}
  for (const [key, condition] of Object.entries(where)) {
    if (/^(and|or)$/i.test(key) && Array.isArray(condition)) {
      // A null in the list (GraphQL's `AND: [null, …]`) is no condition, as it would be left out.
      checked[key] = condition
        .filter((item: unknown) => item !== null)
        .map((item: unknown, i) => {
          if (typeof item !== 'object' || Array.isArray(item)) {
            throw new WhereRefused(`${at}.${key}[${i}] must be a condition (an object).`)
          }
          return checkedWhere(item as Where, slug, schema, `${at}.${key}[${i}]`)!
        })
    } else if (condition === null) {
      checked[key] = { equals: null }
    } else {
      if (typeof condition === 'object' && !Array.isArray(condition)) {
        checkCondition(pathKind(key, slug, schema), `${at}.${key}`, condition)
      }
      checked[key] = condition as Where[string]
    }
  }
  return checked
}

function checkCondition(kind: PathKind, at: string, operators: object): void {
  for (const [operator, value] of Object.entries(operators)) {
    if (!validOperatorSet.has(operator as never)) continue
    if (UNSUPPORTED_OPERATORS.has(operator)) {
      throw new WhereRefused(`The ${operator} operator is not supported here (${at}).`)
    }
    // A path the collection does not have is Payload's to refuse (a QueryError, a 400).
    if (!kind) continue
    const list = LIST_OPERATORS.has(operator)
    const values = list ? listOf(value) : [value]
    if (kind.kind === 'id') {
      if (!ID_OPERATORS.has(operator)) {
        throw new WhereRefused(`${at} is an id: compare it with ${[...ID_OPERATORS].join(', ')}.`)
      }
      const isId = list ? isIdOrNull : isIdOrNullText
      if (operator !== 'exists' && !kind.text && !values.every(isId)) {
        throw new WhereRefused(
          `${at}.${operator} must be an id: a whole number from 1 to ${MAX_SERIAL}, in digits alone.`,
        )
      }
      continue
    }
    if (kind.kind === 'json-path') {
      if (!JSON_PATH_OPERATORS.has(operator)) {
        throw new WhereRefused(
          `${at} is inside a JSON field: compare it with ${[...JSON_PATH_OPERATORS].join(', ')}.`,
        )
      }
      if ((list && !Array.isArray(value)) || !values.every(isScalar)) {
        throw new WhereRefused(
          `${at}.${operator} must be ${list ? 'a list of values' : 'a value'}.`,
        )
      }
      continue
    }
    const { field } = kind
    if (field.type === 'date' && TEXT_OPERATORS.has(operator)) {
      throw new WhereRefused(`${at} is a date: compare it with equals, greater_than, less_than…`)
    }
    const related =
      field.type === 'relationship' || field.type === 'upload' || field.type === 'join'
    if (!related && operator !== 'exists' && !values.every(isValue)) {
      throw new WhereRefused(`${at}.${operator} must be ${list ? 'a list of values' : 'a value'}.`)
    }
  }
}

/** What a path names, following groups, arrays and relationships as the adapter does. */
export function pathKind(path: string, slug: string, schema: Schema): PathKind {
  const segments = path.replace(/__/g, '.').split('.')
  let fields = schema.fieldsOf(slug)
  let textIds = schema.textIds(slug)
  for (const [i, name] of segments.entries()) {
    const last = i === segments.length - 1
    const field = fields.find((each) => each.name === name)
    if (!field) return name === 'id' && last ? { kind: 'id', text: textIds } : undefined
    if (field.type === 'json' || field.type === 'richText') {
      return last ? { kind: 'field', field } : { kind: 'json-path' }
    }
    if (field.type === 'relationship' || field.type === 'upload') {
      if (typeof field.relationTo !== 'string') return last ? { kind: 'field', field } : undefined
      textIds = schema.textIds(field.relationTo)
      if (last) return { kind: 'id', text: textIds }
      fields = schema.fieldsOf(field.relationTo)
      continue
    }
    if (last) return { kind: 'field', field }
    if (field.type !== 'group' && field.type !== 'tab' && field.type !== 'array') return undefined
    fields = field.flattenedFields
  }
  return undefined
}

/** A list as Payload reads one: an array, or text separated by commas. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  return typeof value === 'string' ? value.split(',') : [value]
}

/** `undefined` is no value (the Local API's conditions on an optional id), and Payload skips it. */
const isIdOrNull = (value: unknown) => value === null || value === undefined || isSerialId(value)
/** Payload reads `equals=null` in a query string as null, but not inside a list (a 500). */
const isIdOrNullText = (value: unknown) => value === 'null' || isIdOrNull(value)

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)

/** A field's value: a Date too, as Payload itself compares `updatedAt` (its document locks). */
const isValue = (value: unknown) => isScalar(value) || value instanceof Date
