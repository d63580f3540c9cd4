import { adminOnly } from '@/app/_server/admin-only'
import { linkId, type LinkContext } from '@/app/_server/driver-cookie'
import { getShop } from '@/cms/payload'
import { revokeDriverLink } from '@/modules/driver/links'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** Revokes the link: it no longer opens, and the phone that opened it is signed out. */
export const DELETE = handle(
  adminOnly(async (_request: Request, context: LinkContext) =>
    json(await revokeDriverLink(await getShop(), await linkId(context))),
  ),
)
