import { NotFound } from '@/shared/errors'
import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { publicOrigin } from '@/platform/http/public-url'
import { isSitemapPage, sitemapFile } from '@/modules/catalogue/sitemap'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ file: string }> }

/** /sitemaps/{n}.xml: one file of a catalogue too large for /sitemap.xml alone. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { file } = await params
  const match = /^(\d{1,4})\.xml$/.exec(file)
  const shop = await getShop()
  const page = match ? Number(match[1]) : -1
  if (!(await isSitemapPage(shop, page))) throw new NotFound('No such sitemap')
  return sitemapFile(shop, await publicOrigin(), page)
})
