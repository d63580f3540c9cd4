import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { guardCms } from '@/cms/guard'

export const POST = guardCms(GRAPHQL_POST(config))
export const OPTIONS = REST_OPTIONS(config)
