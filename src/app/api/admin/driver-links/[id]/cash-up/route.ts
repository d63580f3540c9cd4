import { adminOnly } from '@/app/_server/admin-only'
import { linkId, type LinkContext } from '@/app/_server/driver-cookie'
import { getShop } from '@/cms/payload'
import { cashUpRun } from '@/modules/driver/cash-up'
import { cashUpSchema } from '@/modules/driver/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The cash the driver handed in for the run, against what it should be; once. */
export const POST = handle(
  adminOnly(async (request: Request, context: LinkContext) => {
    const id = await linkId(context)
    const input = parseWith(cashUpSchema, await readJson(request))
    return json(await cashUpRun(await getShop(), id, input), { status: 201 })
  }),
)
