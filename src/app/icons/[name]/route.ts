import { getShop } from '@/cms/payload'
import { getShopSettings } from '@/modules/settings/settings'
import { iconPng } from '@/modules/web-app/icons'
import { ICON_NAMES, type IconName } from '@/modules/web-app/manifest'
import { NotFound } from '@/shared/errors'
import { handle } from '@/platform/http/http'
import { withEtag } from '@/platform/http/etag'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ name: string }> }

/**
 * The app's icons, drawn in the shop's own colour whatever the address's `?c=` says (that is only
 * there so a new colour is a new address): nobody can make the server draw colours at will.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { name } = await params
  if (!ICON_NAMES.includes(name as IconName)) throw new NotFound('No such icon')
  const { themeColor } = await getShopSettings(await getShop())
  return withEtag(request, await iconPng(name as IconName, themeColor), {
    'content-type': 'image/png',
    'cache-control': 'public, max-age=86400',
  })
})
