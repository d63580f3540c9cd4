import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { publicOrigin } from '@/platform/http/public-url'
import { sitemapRoot } from '@/modules/catalogue/sitemap'

export const dynamic = 'force-dynamic'

export const GET = handle(async () => sitemapRoot(await getShop(), await publicOrigin()))
