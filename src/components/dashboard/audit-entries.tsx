import { formatShopDateTime } from '@/shared/dates'
import type { AuditEntryDTO } from '@/modules/audit/schemas'

/** A field's value as the owner reads it: text as it is, nothing as a dash, the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

const ACTIONS: Record<AuditEntryDTO['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  stock: 'Stock moved',
}

/** Entries of the audit log as a table: when, who, the way in, the record and each change. */
export function AuditEntries({
  entries,
  label,
  showRecord = true,
}: {
  entries: AuditEntryDTO[]
  label: string
  showRecord?: boolean
}) {
  return (
    // Focusable, so a keyboard can scroll a wide change sideways (it holds no control of its own).
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Way in</th>
            {showRecord ? <th scope="col">Record</th> : null}
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-entry">
              <td>{formatShopDateTime(new Date(e.at))}</td>
              <td className="break">{e.actor}</td>
              <td>{e.way}</td>
              {showRecord ? (
                <td className="break">
                  {e.entity} {e.label ?? e.entityId}
                </td>
              ) : null}
              <td>
                {ACTIONS[e.action]}
                <ul className="audit-changes">
                  {Object.entries(e.changes).map(([field, { before, after }]) => (
                    <li key={field} className="break">
                      <strong>{field}</strong>: {shown(before)} → {shown(after)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
