import { DRIVER_CACHE_CONTROL, driverToken } from '@/app/_server/driver-cookie'
import { getShop } from '@/cms/payload'
import { driverOf } from '@/modules/driver/links'
import { runOf } from '@/modules/driver/marks'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** The driver's run: its stops in order with their marks, and its cash so far. */
export const GET = handle(async (request: Request) => {
  const shop = await getShop()
  const link = await driverOf(shop, driverToken(request))
  return json(await runOf(shop, link), { headers: { 'cache-control': DRIVER_CACHE_CONTROL } })
})
