import type { BaseDatabaseAdapter, DatabaseAdapterObj, FlattenedField } from 'payload'

import { sameValue, storedFields } from './fingerprint'
import { takePlan, type SavePlan } from './plan'

/**
 * The part of an update's final data to write: a field it sent (and kept as sent), a field a hook
 * changed from what the save read (a slug from a new name, a hash from a new password), or one a
 * hook insists on. Every other field Payload filled in from the document it read when the save
 * began, which another save may have changed since: writing it back would undo that save.
 */
export function changesOnly(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  { sent, read, forced }: SavePlan,
): Record<string, unknown> {
  const stored = new Map(storedFields(fields).map((field) => [field.name, field]))
  const kept: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(data)) {
    const field = stored.get(name)
    const write =
      !field ||
      forced.has(name) ||
      (Object.hasOwn(sent, name) && sameValue(field, sent[name], value)) ||
      !sameValue(field, value, read[name])
    if (write) kept[name] = value
  }
  return kept
}

/**
 * The database adapter with Payload's two whole-document writes (a collection's document, a
 * global) narrowed to changesOnly whenever a save planned them (see saves/index.ts). Payload has
 * no hook between its last field hook and the write, so the narrowing happens here; the adapter
 * updates only the columns it is given.
 */
export function writingChangesOnly<T extends BaseDatabaseAdapter>(
  adapter: DatabaseAdapterObj<T>,
): DatabaseAdapterObj<T> {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args)
      const { updateOne, updateGlobal } = db
      db.updateOne = function (this: T, update) {
        const plan = takePlan(update.req, update.collection, update.id)
        if (!plan) return updateOne.call(this, update)
        const { flattenedFields } = this.payload.collections[update.collection]!.config
        return updateOne.call(this, {
          ...update,
          data: changesOnly(flattenedFields, update.data, plan),
        })
      }
      db.updateGlobal = function (this: T, update) {
        const plan = takePlan(update.req, `global:${update.slug}`)
        const global = this.payload.globals.config.find(({ slug }) => slug === update.slug)
        if (!plan || !global) return updateGlobal.call(this, update)
        return updateGlobal.call(this, {
          ...update,
          data: changesOnly(global.flattenedFields, update.data, plan),
        })
      } as T['updateGlobal'] // Payload types it generic in the document's shape
      return db
    },
  }
}
