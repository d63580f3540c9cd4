import { createHash } from 'node:crypto'

import type { FlattenedField } from 'payload'

/**
 * A document's fields as the database stores them: named, not virtual, not the id. A save is
 * judged field by field over these (what it sent, what it changed).
 */
export function storedFields(fields: FlattenedField[]): FlattenedField[] {
  return fields.filter((field) => !('virtual' in field && field.virtual) && field.name !== 'id')
}

/**
 * One value of a field in one canonical text, whoever sent or read it: the panel's form, a REST
 * body, a document read at any depth (a related document counts as its id), a Date or its ISO
 * text; empty text, null and absent are all "empty". Two values with the same text are the same.
 */
export function canonical(field: FlattenedField, value: unknown): string {
  const plain = field.type === 'relationship' || field.type === 'upload' ? ids(value) : value
  return JSON.stringify(tidy(plain)) ?? 'null'
}

export function sameValue(field: FlattenedField, a: unknown, b: unknown): boolean {
  return canonical(field, a) === canonical(field, b)
}

/** A short digest of a value, for `seen`: enough to tell values apart, nothing to read back. */
export function fingerprint(field: FlattenedField, value: unknown): string {
  return createHash('sha256').update(canonical(field, value)).digest('base64url').slice(0, 12)
}

function ids(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ids)
  if (isPlainObject(value)) {
    if ('relationTo' in value && 'value' in value) {
      return { relationTo: value.relationTo, value: ids(value.value) }
    }
    if ('id' in value) return value.id
  }
  return value
}

function tidy(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (Array.isArray(value)) return value.map(tidy)
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const kept = tidy(value[key])
      if (kept !== null) out[key] = kept
    }
    return out
  }
  return value
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
