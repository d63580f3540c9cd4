import { BadInput } from '@/shared/errors'
import { adminOnly } from '@/app/_server/admin-only'
import { erasePersonalData, personalData, personalDataQuery } from '@/modules/privacy/personal-data'
import { getShop } from '@/cms/payload'
import { handle, json } from '@/platform/http/http'
import { firstIssue } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** Everything held about one phone number, as a JSON file for the owner to hand over. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const parsed = personalDataQuery.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    )
    if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
    const data = await personalData(await getShop(), parsed.data.phone)
    return json(data, {
      headers: {
        'cache-control': 'no-store',
        'content-disposition': `attachment; filename="personal-data-${data.phone}.json"`,
      },
    })
  }),
)

/**
 * Erases one person's data, keeping only what tax law makes the shop keep: answered with what
 * was erased and kept.
 */
export const DELETE = handle(
  adminOnly(async (request: Request) => {
    const parsed = personalDataQuery.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    )
    if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
    return json(await erasePersonalData(await getShop(), parsed.data.phone), {
      headers: { 'cache-control': 'no-store' },
    })
  }),
)
