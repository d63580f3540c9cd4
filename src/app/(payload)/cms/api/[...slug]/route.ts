import config from '@payload-config'
import '@payloadcms/next/css'
import {
  REST_DELETE,
  REST_GET,
  REST_OPTIONS,
  REST_PATCH,
  REST_POST,
  REST_PUT,
} from '@payloadcms/next/routes'

import { guardCms } from '@/cms/guard'

export const GET = guardCms(REST_GET(config))
export const POST = guardCms(REST_POST(config))
export const DELETE = guardCms(REST_DELETE(config))
export const PATCH = guardCms(REST_PATCH(config))
export const PUT = guardCms(REST_PUT(config))
export const OPTIONS = REST_OPTIONS(config)
