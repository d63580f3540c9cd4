import type { Field, FlattenedField, PayloadRequest } from 'payload'

import { fingerprint, isPlainObject, storedFields } from './fingerprint'

/**
 * Each field of a document as its reader got it, as a short code per field. The panel keeps it
 * in its form and sends it back with Save (which sends every field): the fields that come back
 * with their code unchanged are the ones the editor did not touch, and are not written
 * (plan.ts). A REST or GraphQL client may do the same with a whole document it read.
 */
export const seenField: Field = {
  name: 'seen',
  type: 'json',
  virtual: true,
  admin: { hidden: true, disableListColumn: true, disableListFilter: true },
}

/**
 * Fills `seen` on a document read by signed-in staff through the API or the panel; code that
 * reads with access overridden (the shop's own pages) never saves a form, so it is spared the
 * work. Only the fields this reader got are coded: no code stands for a field hidden from them.
 */
export function noteSeen(
  fields: FlattenedField[],
  doc: unknown,
  req: PayloadRequest,
  overrideAccess: boolean | undefined,
): unknown {
  if (!req.user || overrideAccess || !isPlainObject(doc)) return doc
  const seen: Record<string, string> = {}
  for (const field of storedFields(fields)) {
    if (field.name in doc) seen[field.name] = fingerprint(field, doc[field.name])
  }
  doc.seen = seen
  return doc
}
