import { AsyncLocalStorage } from 'node:async_hooks'

import type { Way } from '@/shared/ways'

/**
 * Who is making the changes of the work under way, and through which way in: what the audit
 * log's triggers record (docs/audit.md). A request's scope is opened once where every route
 * starts (platform/http `handle`), with its way in; who is filled in when the request proves it
 * (the owner's key, a buyer's sign-in, a driver's link), so the scope is one mutable record.
 * Every transaction begun inside it names them to the database (transaction.ts), and so do
 * Payload's writes (src/cms/audit.ts). Work outside any scope (the order lane's worker, a
 * script) sets nothing: its changes are recorded as "unknown", never lost.
 */
export type Actor = { who?: string; way: Way }

// One per process on globalThis: Next bundles the routes apart from the server and Payload.
const globalForActor = globalThis as unknown as { __kcActor?: AsyncLocalStorage<Actor> }
const scope = (globalForActor.__kcActor ??= new AsyncLocalStorage<Actor>())

/** Runs `work` as `actor`: its transactions' changes are put down to them. */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return scope.run({ ...actor }, work)
}

/** The actor of the work under way, if any scope was opened. */
export function currentActor(): Actor | undefined {
  return scope.getStore()
}

/** Names who acts in the current scope (a key or a sign-in proved); no scope, nothing to name. */
export function nameActor(who: string, way?: Way): void {
  const actor = scope.getStore()
  if (!actor) return
  actor.who = who
  if (way) actor.way = way
}

/** Names the way in, once the work shows it (a CSV import): who stays as proved. */
export function nameWay(way: Way): void {
  const actor = scope.getStore()
  if (actor) actor.way = way
}

/** The way a request came in, by what the shop's own clients say (a label only, not a right). */
export function wayOfRequest(request: Request): Way {
  const said = request.headers.get('x-shop-way')
  return said === 'dashboard' || said === 'csv' ? said : 'api'
}

/**
 * The statement that names the actor for the transaction just begun, to run in the same round
 * trip as its BEGIN (a simple query, so as a literal: `escape` is the driver's escapeLiteral).
 */
export function actorStatement(escape: (text: string) => string): string | undefined {
  const actor = scope.getStore()
  if (!actor) return undefined
  return (
    `SELECT set_config('kc.audit_who', ${escape(actor.who ?? '')}, true), ` +
    `set_config('kc.audit_way', ${escape(actor.way)}, true)`
  )
}
