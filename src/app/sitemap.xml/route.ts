import { handle } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { publicOrigin } from '@/lib/server/public-url'
import { sitemapRoot } from '@/lib/server/sitemap'

export const dynamic = 'force-dynamic'

export const GET = handle(async () => sitemapRoot((await getShop()).db.pool, await publicOrigin()))
