import type { ReactNode } from 'react'

import { AdminList } from './load-state'

export type Column<T> = {
  header: string
  cell: (row: T) => ReactNode
  className?: (row: T) => string | undefined
}

/**
 * The dashboard's table: the loading line or failure panel until the rows arrive, `empty` when
 * there are none, else one row per item with a cell per column. A row being changed (`busy`)
 * says so to screen readers and is dimmed.
 */
export function DataTable<T>({
  label,
  columns,
  rowKey,
  busy,
  ...list
}: Omit<Parameters<typeof AdminList<T>>[0], 'children'> & {
  label: string
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  busy?: (row: T) => boolean
}) {
  return (
    <AdminList {...list}>
      {(rows) => (
        <table className="table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column.header}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const changing = busy?.(row)
              return (
                <tr
                  key={rowKey(row)}
                  aria-busy={changing}
                  className={changing ? 'busy' : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.header} className={column.className?.(row)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </AdminList>
  )
}
