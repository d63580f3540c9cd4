import type { CollectionConfig, GlobalConfig } from 'payload'

import { noteSent, notePlan } from './plan'
import { noteSeen, seenField } from './seen'

/*
 * A save writes only what it changed. Payload's update reads the document, lays the request's
 * fields over it and writes every field back: two saves of different fields at once each write
 * the other's field as it was before, and one of the changes is lost. Here each update notes
 * what it sent (beforeOperation) and what it read (beforeChange), and the database adapter
 * writes only the fields sent or changed by a hook (changes-only.ts, installed in
 * payload.config.ts). Saves of different fields then all keep their change; of one field, the
 * last save wins.
 */

export function collectionSavesChangesOnly(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    fields: [...collection.fields, seenField],
    hooks: {
      ...hooks,
      beforeOperation: [
        ({ args, collection: config, operation, req }) => {
          if (operation === 'update') noteSent(config.slug, config.flattenedFields, args.data, req)
          return args
        },
        ...(hooks.beforeOperation ?? []),
      ],
      // First, so that a later hook can insist on writing a field (writeAnyway).
      beforeChange: [
        ({ data, operation, originalDoc, req, collection: config }) => {
          if (operation === 'update') notePlan(config.slug, originalDoc?.id, originalDoc, req)
          return data
        },
        ...(hooks.beforeChange ?? []),
      ],
      afterRead: [
        ...(hooks.afterRead ?? []),
        ({ doc, req, overrideAccess, collection: config }) =>
          noteSeen(config.flattenedFields, doc, req, overrideAccess),
      ],
    },
  }
}

export function globalSavesChangesOnly(global: GlobalConfig): GlobalConfig {
  const hooks = global.hooks ?? {}
  const owner = `global:${global.slug}`
  return {
    ...global,
    fields: [...global.fields, seenField],
    hooks: {
      ...hooks,
      beforeOperation: [
        ({ args, global: config, operation, req }) => {
          if (operation === 'update') noteSent(owner, config.flattenedFields, args?.data, req)
          return args
        },
        ...(hooks.beforeOperation ?? []),
      ],
      beforeChange: [
        ({ data, originalDoc, req }) => {
          notePlan(owner, undefined, originalDoc, req)
          return data
        },
        ...(hooks.beforeChange ?? []),
      ],
      afterRead: [
        ...(hooks.afterRead ?? []),
        ({ doc, req, overrideAccess, global: config }) =>
          noteSeen(config.flattenedFields, doc, req, overrideAccess),
      ],
    },
  }
}

export { writeAnyway } from './plan'
export { writingChangesOnly } from './changes-only'
