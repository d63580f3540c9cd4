import { handle } from '@/lib/server/http'
import { publicOrigin } from '@/lib/server/public-url'
import { robotsTxt } from '@/lib/server/sitemap'

export const dynamic = 'force-dynamic'

export const GET = handle(async () => robotsTxt(await publicOrigin()))
