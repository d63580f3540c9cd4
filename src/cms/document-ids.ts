import type { SanitizedCollectionConfig, SanitizedConfig } from 'payload'

import { isSerialId } from '@/platform/db/serial-id'

/** Whether a collection's ids are text (a custom text `id` field) rather than serial numbers. */
export function hasTextIds(
  config: SanitizedConfig,
  collection: SanitizedCollectionConfig,
): boolean {
  const idField = collection.flattenedFields.find((field) => field.name === 'id')
  return idField ? idField.type === 'text' : config.db.defaultIDType === 'text'
}

/** Whether `id` can name a document of the collection: see serialId for a serial one. */
export function isDocumentId(
  config: SanitizedConfig,
  collection: SanitizedCollectionConfig,
  id: unknown,
): boolean {
  if (hasTextIds(config, collection)) return typeof id === 'string' ? id !== '' : isSerialId(id)
  return isSerialId(id)
}
