import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { WAYS } from '@/shared/ways'

/** The tables the audit log records, as its `entity` names them (docs/audit.md). */
export const AUDITED_ENTITIES = [
  'products',
  'price_lists',
  'delivery_areas',
  'shop_settings',
  'payfast_settings',
  'trade_accounts',
  'orders',
] as const
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number]

/** The ways in an entry may name; "unknown" when a change named none (psql, a script). */
export const AUDIT_WAYS = [...WAYS, 'unknown'] as const

/** The largest page of entries one request returns. */
export const MAX_AUDIT_PAGE = 200

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => v || undefined)
    .optional()

const day = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isShopDay(v), `${field} must be a date as YYYY-MM-DD`)
    .transform((v) => v || undefined)
    .optional()

/**
 * GET /api/admin/audit query: what to match (entity and its id, who, the way in, text anywhere
 * in the entry), a date range in shop days (inclusive), and a page: the newest first, `before`
 * an entry's id for the next page (keyset), at most MAX_AUDIT_PAGE entries.
 */
export const auditQuerySchema = z
  .object({
    entity: z
      .enum([...AUDITED_ENTITIES, ''], {
        error: `entity must be one of: ${AUDITED_ENTITIES.join(', ')}`,
      })
      .transform((v) => v || undefined)
      .optional(),
    entityId: optionalText('entityId', 100),
    actor: optionalText('actor', 200),
    way: z
      .enum([...AUDIT_WAYS, ''], { error: `way must be one of: ${AUDIT_WAYS.join(', ')}` })
      .transform((v) => v || undefined)
      .optional(),
    q: optionalText('q', 200),
    from: day('from'),
    to: day('to'),
    before: z.coerce
      .number({ error: 'before must be an entry id' })
      .int('before must be a whole number')
      .min(1, 'before must be at least 1')
      .max(Number.MAX_SAFE_INTEGER, 'before is too large')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_AUDIT_PAGE, `limit must be at most ${MAX_AUDIT_PAGE}`)
      .default(50),
  })
  .strict()
  .refine((q) => !q.entityId || q.entity, {
    message: 'entityId needs entity',
    path: ['entityId'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })

export type AuditQuery = z.output<typeof auditQuerySchema>

/** A field's value before and after the change (null: none, as for a new record's fields). */
export type AuditChange = { before: unknown; after: unknown }

/** One entry of the audit log, as GET /api/admin/audit answers it. */
export type AuditEntryDTO = {
  id: string
  at: string
  actor: string
  way: string
  entity: string
  entityId: string
  label: string | null
  action: 'create' | 'update' | 'delete' | 'stock'
  changes: Record<string, AuditChange>
}

/** A page of entries, newest first; `next` is the `before` of the following page, if any. */
export type AuditPageDTO = { entries: AuditEntryDTO[]; next: string | null }
