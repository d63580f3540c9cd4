import type {
  CollectionBeforeOperationHook,
  SanitizedCollectionConfig,
  SanitizedConfig,
  Where,
} from 'payload'

import { hasTextIds, isDocumentId } from '@/cms/document-ids'
import { payloadError } from '@/cms/payload-error'
import { checkedWhere, WhereRefused, type Schema } from './where-rules'

/**
 * Every operation's id and where, however it came (REST, GraphQL, the panel, the Local API):
 * an id that cannot name a document is a 404 before any SQL, a where the database cannot run
 * as asked a 400 (where-rules.ts).
 */
export const checkQuery: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  const config = req.payload.config
  const { id, where } = args as { id?: unknown; where?: Where | null }
  if (id !== undefined && !isDocumentId(config, collection, id)) {
    throw payloadError('Not Found', 404, 'NotFound')
  }
  if (where === undefined) return args
  try {
    return { ...args, where: checkedWhere(where, collection.slug, schemaOf(config)) }
  } catch (error) {
    if (error instanceof WhereRefused) throw payloadError(error.message, 400, 'QueryError')
    throw error
  }
}

const schemas = new WeakMap<SanitizedConfig, Schema>()

function schemaOf(config: SanitizedConfig): Schema {
  let schema = schemas.get(config)
  if (!schema) {
    const bySlug = new Map<string, SanitizedCollectionConfig>(
      config.collections.map((each) => [each.slug, each]),
    )
    schema = {
      fieldsOf: (slug) => bySlug.get(slug)?.flattenedFields ?? [],
      textIds: (slug) => {
        const collection = bySlug.get(slug)
        return collection ? hasTextIds(config, collection) : false
      },
    }
    schemas.set(config, schema)
  }
  return schema
}

/**
 * checkQuery first on every collection Payload serves, its own (preferences, locks, the key
 * store) included: those are added as the config is sanitised, after any plugin has run.
 */
export function withQueryChecks(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    collection.hooks.beforeOperation = [checkQuery, ...(collection.hooks.beforeOperation ?? [])]
  }
  return config
}
