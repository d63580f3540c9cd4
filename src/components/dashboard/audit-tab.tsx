'use client'

import { useState } from 'react'

import { auditQuery } from '@/client/admin-api'
import { AuditEntries } from './audit-entries'
import { AuditFilters, type AuditFilterValues } from './audit-filters'
import { LoadState } from './load-state'
import { useAdminData } from './use-admin-data'

const PAGE = 50

/**
 * The audit log: every change to the shop's records, newest first, searched by text, record,
 * who, the way in and dates, a page at a time (each page starts before the last one's oldest).
 */
export function AuditTab() {
  const [filters, setFilters] = useState<Partial<AuditFilterValues>>({})
  // The `before` of each page opened, so "Newer" goes back the way "Older" came.
  const [pages, setPages] = useState<string[]>([])
  const before = pages[pages.length - 1]
  const params = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
    limit: String(PAGE),
    ...(before ? { before } : {}),
  })
  const log = useAdminData(auditQuery(params))
  const entries = log.data?.entries ?? []
  return (
    <>
      <h2>Audit log</h2>
      <AuditFilters
        onSearch={(values) => {
          setFilters(values)
          setPages([])
        }}
      />
      <LoadState
        hasData={Boolean(log.data)}
        loading={log.loading}
        error={log.error}
        loadingText="Loading the audit log…"
        failedTitle="Could not load the audit log"
        failedDetail={log.error?.message}
        onRetry={() => void log.refetch()}
      />
      {log.data && entries.length === 0 ? <p className="muted">No changes match.</p> : null}
      {entries.length > 0 ? <AuditEntries entries={entries} label="Audit log" /> : null}
      <div className="toolbar">
        <button
          type="button"
          className="button ghost"
          disabled={pages.length === 0}
          onClick={() => setPages((p) => p.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="button ghost"
          disabled={!log.data?.next}
          onClick={() => setPages((p) => (log.data?.next ? [...p, log.data.next] : p))}
        >
          Older
        </button>
      </div>
    </>
  )
}
