import { DRIVER_CACHE_CONTROL, DRIVER_WRITE, driverToken } from '@/app/_server/driver-cookie'
import { getShop } from '@/cms/payload'
import { driverOf } from '@/modules/driver/links'
import { markStop } from '@/modules/driver/marks'
import { idempotencyKeySchema, stopMarkSchema } from '@/modules/driver/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ orderId: string }> }

/**
 * A stop's mark (Delivered, or Not delivered and why), sent once per Idempotency-Key: a replay
 * answers 200 with the first mark, a new mark 201, another phone's mark of the stop 409.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertFromOwnPages(request, DRIVER_WRITE)
  const shop = await getShop()
  const link = await driverOf(shop, driverToken(request))
  const key = parseWith(idempotencyKeySchema, request.headers.get('idempotency-key') ?? undefined)
  const mark = parseWith(stopMarkSchema, await readJson(request))
  const { orderId } = await params
  const result = await markStop(shop, link, orderId.slice(0, 40), key, mark)
  return json(result, {
    status: result.replayed ? 200 : 201,
    headers: { 'cache-control': DRIVER_CACHE_CONTROL },
  })
})
