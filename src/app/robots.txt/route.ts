import { handle } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'
import { robotsTxt } from '@/modules/catalogue/sitemap'

export const dynamic = 'force-dynamic'

export const GET = handle(async () => robotsTxt(await publicOrigin()))
