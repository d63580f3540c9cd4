import type { FlattenedField, PayloadRequest } from 'payload'

import { payloadError } from '@/cms/payload-error'
import { fingerprint, isPlainObject, storedFields } from './fingerprint'

/**
 * What one save may write, decided from what it sent and what it read (see changes-only.ts).
 * `owner` is a collection's slug, or `global:<slug>`.
 */
export type SavePlan = {
  /** The fields the request sent (after `seen` took out those it sent unchanged). */
  sent: Record<string, unknown>
  /** The document as the save read it, before any hook. */
  read: Record<string, unknown>
  /** Fields a hook decided to write whatever they were read as (a stock set under its lock). */
  forced: Set<string>
}

type Context = Record<string, unknown>
const SENT = 'saves.sent'
const PLANS = 'saves.plans'

export const SEEN_MESSAGE =
  'seen must be the object this API gave with the document (field names to short codes), or left out.'

/**
 * An update's body as the request sent it, before Payload fills in what it left out. With
 * `seen` (the panel's form, or a client that sends a whole document back) a field it sends as it
 * was when read is taken out, as if not sent: Payload then keeps the stored value for it.
 */
export function noteSent(
  owner: string,
  fields: FlattenedField[],
  data: unknown,
  req: PayloadRequest,
): void {
  if (!isPlainObject(data)) return
  const seen = data.seen
  delete data.seen
  if (seen !== undefined && seen !== null) {
    if (!isPlainObject(seen) || !Object.values(seen).every((code) => typeof code === 'string')) {
      throw payloadError(SEEN_MESSAGE, 400)
    }
    for (const field of storedFields(fields)) {
      const code = seen[field.name]
      if (
        code !== undefined &&
        field.name in data &&
        fingerprint(field, data[field.name]) === code
      ) {
        delete data[field.name]
      }
    }
  }
  // The body itself, not a copy: a later beforeOperation hook may take out more (guard-stock
  // takes out a stock sent as it was seen). Payload copies the body before filling it in.
  slot<Record<string, Record<string, unknown>>>(req, SENT)[owner] = data
}

/** Pairs what the update sent with the document it read, for the write of document `id`. */
export function notePlan(owner: string, id: unknown, read: unknown, req: PayloadRequest): void {
  const sent = slot<Record<string, Record<string, unknown>>>(req, SENT)[owner]
  if (!sent || !isPlainObject(read)) return
  slot<Record<string, SavePlan>>(req, PLANS)[key(owner, id)] = { sent, read, forced: new Set() }
}

/** A hook's own write of a field, which the save must make even if it looks unchanged. */
export function writeAnyway(req: PayloadRequest, owner: string, id: unknown, field: string): void {
  slot<Record<string, SavePlan>>(req, PLANS)[key(owner, id)]?.forced.add(field)
}

/** The plan for the write about to happen, once: a later write on the same request plans anew. */
export function takePlan(
  req: Partial<PayloadRequest> | undefined,
  owner: string,
  id?: unknown,
): SavePlan | undefined {
  const plans = req?.context?.[PLANS] as Record<string, SavePlan> | undefined
  const plan = plans?.[key(owner, id)]
  if (plan) delete plans![key(owner, id)]
  return plan
}

function slot<T>(req: PayloadRequest, name: string): T {
  const context = req.context as Context
  context[name] ??= {}
  return context[name] as T
}

const key = (owner: string, id: unknown) => (id === undefined ? owner : `${owner}:${String(id)}`)
