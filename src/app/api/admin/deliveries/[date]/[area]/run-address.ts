import { runParamsSchema } from '@/modules/delivery/runs'
import type { RunAddress } from '@/modules/delivery/runs-repository'
import { parseWith } from '@/platform/http/validation'

export type RunContext = { params: Promise<{ date: string; area: string }> }

/** The run a route's address names: a real day and an area's slug, else a 400. */
export async function runAddress({ params }: RunContext): Promise<RunAddress> {
  const { date, area } = parseWith(runParamsSchema, await params)
  return { date, areaSlug: area }
}
