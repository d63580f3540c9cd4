'use client'

import { auditQuery } from '@/client/admin-api'
import { AuditEntries } from './audit-entries'
import { useAdminData } from './use-admin-data'

const RECENT_ENTRIES = 20

/** A product's latest entries in the audit log: who changed what, before and after. */
export function ProductHistory({ sku }: { sku: string }) {
  const params = new URLSearchParams({
    entity: 'products',
    entityId: sku,
    limit: String(RECENT_ENTRIES),
  })
  const history = useAdminData(auditQuery(params))
  return (
    <>
      <h3>History</h3>
      {history.error ? <p role="alert">Could not load the history.</p> : null}
      {history.data && history.data.entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : null}
      {history.data && history.data.entries.length > 0 ? (
        <AuditEntries
          entries={history.data.entries}
          label={`History of ${sku}`}
          showRecord={false}
        />
      ) : null}
    </>
  )
}
