import { deliveryAreasJson } from '@/modules/areas/repository'
import { JSON_HEADERS, handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

export const GET = handle(async () => {
  const { body } = await deliveryAreasJson(await getShop())
  return new Response(body, {
    headers: JSON_HEADERS,
  })
})
