import { NotFound } from '@/shared/errors'
import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { publicOrigin } from '@/platform/http/public-url'
import { sitemapFile } from '@/modules/catalogue/sitemap'
import { sitemapPageCount } from '@/modules/catalogue/search-repository'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ file: string }> }

/** /sitemaps/{n}.xml: one file of a catalogue too large for /sitemap.xml alone. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { file } = await params
  const match = /^(\d{1,4})\.xml$/.exec(file)
  const pool = (await getShop()).db.pool
  const page = match ? Number(match[1]) : -1
  if (page < 0 || page >= (await sitemapPageCount(pool))) throw new NotFound('No such sitemap')
  return sitemapFile(pool, await publicOrigin(), page)
})
