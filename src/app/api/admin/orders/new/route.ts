import { z } from 'zod'

import { adminOnly } from '@/app/_server/admin-only'
import { handle, json } from '@/platform/http/http'
import { ordersSince } from '@/modules/orders/repository'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

const sinceSchema = z.object({
  since: z.iso
    .datetime({ error: 'since must be a date and time as ISO 8601', offset: true })
    .optional(),
})

/**
 * How many orders came in after `since`, and when the newest did: what the dashboard polls, a few
 * index entries. Without `since`, only the newest order's time: the dashboard's starting point,
 * on the server's clock rather than the phone's.
 */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { since } = parseWith(sinceSchema, query)
    return json(await ordersSince(await getShop(), since ? new Date(since) : undefined))
  }),
)
