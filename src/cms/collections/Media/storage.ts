import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { env } from '@/env'
import { MEDIA_SLUG } from './index'

/**
 * Where uploads are kept: MEDIA_DIR on this machine by default, or an S3-compatible bucket when
 * S3_BUCKET is set (Payload's own adapter), so that every app process reads and writes the same
 * photos. The plugin's columns are in the schema either way (`alwaysInsertFields`), so
 * switching needs no migration. The photos are still sent under
 * /cms/api/media/file/<name>: Payload reads them from the bucket, with media's public read access.
 */
export function mediaStorage(): Plugin {
  const { S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env()
  return s3Storage({
    enabled: Boolean(S3_BUCKET),
    alwaysInsertFields: true,
    bucket: S3_BUCKET ?? '',
    // At the bucket's root under the names they have in MEDIA_DIR, so moving a shop's photos
    // there is one copy; and with no prefix, Payload's URLs stay /cms/api/media/file/<name>,
    // from which the storefront builds each photo's sizes.
    collections: { [MEDIA_SLUG]: true },
    config: {
      region: S3_REGION,
      endpoint: S3_ENDPOINT,
      forcePathStyle: env().S3_FORCE_PATH_STYLE,
      // Unset, the AWS SDK finds credentials itself (environment, instance role).
      credentials:
        S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
          ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  })
}
