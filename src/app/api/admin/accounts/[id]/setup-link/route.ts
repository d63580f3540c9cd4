import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { newSetupLink } from '@/modules/accounts/accounts'
import { handle, json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'
import { NotFound } from '@/shared/errors'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** A new one-time link for the buyer to set their password, and its WhatsApp message. */
export const POST = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const id = Number((await params).id)
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound('No such trade account')
    return json(await newSetupLink(await getShop(), id, await publicOrigin()))
  }),
)
