import { getShop } from '@/cms/payload'
import { getShopSettings } from '@/modules/settings/settings'
import { webAppManifest } from '@/modules/web-app/manifest'
import { handle } from '@/platform/http/http'
import { withEtag } from '@/platform/http/etag'

export const dynamic = 'force-dynamic'

/** The web app manifest, from the shop's settings; asked again each visit, a 304 when unchanged. */
export const GET = handle(async (request: Request) => {
  const manifest = webAppManifest(await getShopSettings(await getShop()))
  return withEtag(request, Buffer.from(JSON.stringify(manifest)), {
    'content-type': 'application/manifest+json; charset=utf-8',
    'cache-control': 'no-cache',
  })
})
