import type { Pool } from 'pg'
import { sql } from '@payloadcms/db-postgres'

import { startOfShopDay, addDays } from '@/shared/dates'
import { col, nullable, selectList, tableShape, type RowOf } from '@/platform/db/row-shape'
import type { RunSql } from '@/modules/catalogue/edit-repository'
import type { AuditEntryDTO, AuditPageDTO, AuditQuery } from './schemas'

/** The audit log (migration 20261129_100000_audit_log: its triggers write it, nothing else). */
export const AUDIT_LOG = tableShape('audit_log', {
  id: col.bigint(),
  at: col.time(),
  actor: col.text(),
  way: col.text(),
  entity: col.text(),
  entity_id: col.text(),
  label: nullable(col.text()),
  action: col.text<AuditEntryDTO['action']>(),
  changes: col.jsonb<AuditEntryDTO['changes']>(),
})

export function toAuditEntryDTO(row: RowOf<typeof AUDIT_LOG>): AuditEntryDTO {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    way: row.way,
    entity: row.entity,
    entityId: row.entity_id,
    label: row.label,
    action: row.action,
    changes: row.changes,
  }
}

/**
 * Names who makes the writes of a Payload operation, and its way in, for the audit log's
 * triggers, until its transaction ends.
 */
export async function nameAuditActor(run: RunSql, who: string, way: string): Promise<void> {
  await run(
    sql`SELECT set_config('kc.audit_who', ${who}, true), set_config('kc.audit_way', ${way}, true)`,
  )
}

/** A page of entries, newest first, matching every filter given (keyset on the id). */
export async function findAuditEntries(pool: Pool, query: AuditQuery): Promise<AuditPageDTO> {
  const where: string[] = []
  const values: unknown[] = []
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value)
    where.push(clause(`$${values.length}`))
  }
  if (query.entity) add((n) => `a.entity = ${n}`, query.entity)
  if (query.entityId)
    add((n) => `(a.entity_id = ${n} OR lower(a.label) = lower(${n}))`, query.entityId)
  if (query.actor) add((n) => `a.actor ILIKE '%' || ${n} || '%'`, likeText(query.actor))
  if (query.way) add((n) => `a.way = ${n}`, query.way)
  if (query.q) {
    add(
      (n) => `(a.label ILIKE '%' || ${n} || '%' OR a.actor ILIKE '%' || ${n} || '%'
               OR a.changes::text ILIKE '%' || ${n} || '%')`,
      likeText(query.q),
    )
  }
  if (query.from) add((n) => `a.at >= ${n}`, startOfShopDay(query.from))
  if (query.to) add((n) => `a.at < ${n}`, startOfShopDay(addDays(query.to, 1)))
  if (query.before) add((n) => `a.id < ${n}`, query.before)
  values.push(query.limit + 1)
  const { rows } = await pool.query<RowOf<typeof AUDIT_LOG>>(
    `SELECT ${selectList(AUDIT_LOG, 'a')} FROM ${AUDIT_LOG.name} a
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.id DESC LIMIT $${values.length}`,
    values,
  )
  const page = rows.slice(0, query.limit)
  return {
    entries: page.map(toAuditEntryDTO),
    next: rows.length > query.limit ? page[page.length - 1]!.id : null,
  }
}

/** `text` matched as itself inside ILIKE: its % and _ are not wildcards. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
