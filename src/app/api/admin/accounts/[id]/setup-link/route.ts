import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { newSetupLink } from '@/modules/accounts/accounts'
import { handle, json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'
import { accountId, type Context } from '../account-id'

export const dynamic = 'force-dynamic'

/** A new one-time link for the buyer to set their password, and its WhatsApp message. */
export const POST = handle(
  adminOnly(async (_request: Request, context: Context) =>
    json(await newSetupLink(await getShop(), await accountId(context), await publicOrigin())),
  ),
)
