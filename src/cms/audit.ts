import type {
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  GlobalBeforeChangeHook,
  GlobalConfig,
  PayloadRequest,
} from 'payload'

import { currentActor } from '@/platform/db/actor'
import { nameAuditActor } from '@/modules/audit/repository'
import { inRequestTransaction, sqlOf } from '@/cms/collections/shared/request-sql'

/**
 * Who makes a Payload write, named on Payload's own transaction for the audit log's triggers
 * (docs/audit.md): the shop's request scope when a route of its own calls Payload (the owner's
 * key, already proved), else the /cms user signed in, by their email, through REST or GraphQL.
 * A write with neither (the seed) names no one, and is recorded as "unknown".
 */
async function nameWriter(req: PayloadRequest): Promise<void> {
  const actor = currentActor()
  const email = typeof req.user?.email === 'string' ? req.user.email : undefined
  const named = actor?.who
    ? { who: actor.who, way: actor.way }
    : email
      ? { who: email, way: req.payloadAPI === 'GraphQL' ? 'graphql' : 'cms' }
      : undefined
  if (named && (await inRequestTransaction(req)))
    await nameAuditActor(sqlOf(req), named.who, named.way)
}

const beforeChange: CollectionBeforeChangeHook = async ({ data, req }) => {
  await nameWriter(req)
  return data
}

const beforeDelete: CollectionBeforeDeleteHook = async ({ req }) => {
  await nameWriter(req)
}

const globalBeforeChange: GlobalBeforeChangeHook = async ({ data, req }) => {
  await nameWriter(req)
  return data
}

/** The collections whose tables the audit log records. */
const AUDITED = new Set(['products', 'delivery-areas', 'orders', 'trade-accounts', 'price-lists'])

/**
 * `collection` with the writer named in its writes, when its table is audited: after its own
 * hooks (the last step before the write), so none of them waits behind it.
 */
export function audited(collection: CollectionConfig): CollectionConfig {
  if (!AUDITED.has(collection.slug)) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      beforeChange: [...(hooks.beforeChange ?? []), beforeChange],
      beforeDelete: [...(hooks.beforeDelete ?? []), beforeDelete],
    },
  }
}

/** A global with the writer named in its writes, after its own hooks. */
export function auditedGlobal(global: GlobalConfig): GlobalConfig {
  const hooks = global.hooks ?? {}
  return {
    ...global,
    hooks: { ...hooks, beforeChange: [...(hooks.beforeChange ?? []), globalBeforeChange] },
  }
}
