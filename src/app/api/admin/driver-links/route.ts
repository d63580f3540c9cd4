import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { driverLinks, issueDriverLink } from '@/modules/driver/links'
import { driverLinkSchema, runDaySchema } from '@/modules/driver/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** A one-time link for a run (a day and an area), for a driver's phone: shown this once. */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const input = parseWith(driverLinkSchema, await readJson(request))
    return json(await issueDriverLink(await getShop(), input, await publicOrigin()), {
      status: 201,
    })
  }),
)

/** The day's links, each with its state (never its token). */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const { date } = parseWith(runDaySchema, Object.fromEntries(new URL(request.url).searchParams))
    return json(await driverLinks(await getShop(), date))
  }),
)
