import { json } from '@/platform/http/http'

/**
 * A report's answer: its JSON, or with `format=csv` its table as a CSV download named by the
 * report and its period. The owner's figures are never kept by any cache (no-store).
 */
export function reportResponse<T>(
  report: T,
  format: 'json' | 'csv',
  name: string,
  csv: (report: T) => string,
): Response {
  if (format === 'json') return json(report)
  return new Response(csv(report), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.csv"`,
      'cache-control': 'no-store',
    },
  })
}

/** The query string as an object for a zod schema. */
export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)
