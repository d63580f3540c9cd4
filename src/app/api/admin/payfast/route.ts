import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { payfastOverview, updatePayfastSettings } from '@/modules/payfast/settings'
import { payfastSettingsSchema } from '@/modules/payfast/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The owner's PayFast settings (the passphrase only as set or not) and payments to look at. */
export const GET = handle(adminOnly(async () => json(await payfastOverview(await getShop()))))

/** Any of the settings; the passphrase is written, never answered. */
export const PUT = handle(
  adminOnly(async (request: Request) => {
    const input = parseWith(payfastSettingsSchema, await readJson(request))
    return json(await updatePayfastSettings(await getShop(), input))
  }),
)
