'use client'

import { useToast } from '@/components/ui/toast'
import { reportCsv, type ReportName } from '@/client/admin-api'
import { downloadCsv } from './download-csv'

/** A report table's CSV download: the same query as the table, answered as a file. */
export function ReportDownload({
  report,
  params,
  label,
}: {
  report: ReportName
  params: URLSearchParams
  label: string
}) {
  const toast = useToast()
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        void downloadCsv(
          () => reportCsv(report, params),
          `${report}.csv`,
          'This table has no rows to download.',
          'Failed to download the CSV.',
          toast,
        )
      }
    >
      Download {label} (CSV)
    </button>
  )
}
