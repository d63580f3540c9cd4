import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { createPriceList, priceLists } from '@/modules/price-lists/price-lists'
import { priceListSchema } from '@/modules/price-lists/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(adminOnly(async () => json(await priceLists(await getShop()))))

/** A new list: `{name, discounts?: [{category, percentOff}]}`. */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const input = parseWith(priceListSchema, await readJson(request))
    return json(await createPriceList(await getShop(), input), { status: 201 })
  }),
)
