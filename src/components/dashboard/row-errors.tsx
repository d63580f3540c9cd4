import type { RowError } from '@/shared/row-errors'

export type { RowError }

/** A refused CSV file's rows, by line and field, as the server listed them. */
export function RowErrors({ rows }: { rows: RowError[] }) {
  if (rows.length === 0) return null
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Rows with errors">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.line}</td>
              <td>{r.field}</td>
              <td>{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
