import { DRIVER_CACHE_CONTROL, DRIVER_WRITE, driverCookie } from '@/app/_server/driver-cookie'
import { getShop } from '@/cms/payload'
import { openDriverLink } from '@/modules/driver/links'
import { driverSessionSchema } from '@/modules/driver/schemas'
import { readJson } from '@/platform/http/body'
import { handle } from '@/platform/http/http'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** Opens a driver's link, once: the phone gets the session cookie, and the run starts. */
export const POST = handle(async (request: Request) => {
  assertFromOwnPages(request, DRIVER_WRITE)
  const { token } = parseWith(driverSessionSchema, await readJson(request))
  const { sessionToken, expiresAt } = await openDriverLink(await getShop(), token)
  return new Response(null, {
    status: 204,
    headers: {
      'set-cookie': driverCookie(sessionToken, (expiresAt.getTime() - Date.now()) / 1000),
      'cache-control': DRIVER_CACHE_CONTROL,
    },
  })
})
