import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { setVatPeriod, vatSettings } from '@/modules/vat/vat'
import { vatSettingsSchema } from '@/modules/vat/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The shop's VAT period, with its registration and rate beside it. */
export const GET = handle(adminOnly(async () => json(await vatSettings(await getShop()))))

/** Sets the VAT period SARS assigned the shop. */
export const PUT = handle(
  adminOnly(async (request: Request) => {
    const { vatPeriod } = parseWith(vatSettingsSchema, await readJson(request))
    return json(await setVatPeriod(await getShop(), vatPeriod, adminActor(request)))
  }),
)
