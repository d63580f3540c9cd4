import type { Payload } from 'payload'

import { findAuditEntries } from './repository'
import type { AuditPageDTO, AuditQuery } from './schemas'

/** The audit log's entries matching `query`, newest first (the owner's read: docs/audit.md). */
export async function auditEntries(shop: Payload, query: AuditQuery): Promise<AuditPageDTO> {
  return findAuditEntries(shop.db.pool, query)
}
