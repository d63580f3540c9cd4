import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { env } from '@/env'
import { MEDIA_SLUG } from './index'

/*
 * The S3 adapter and plugin-cloud-storage were last released at 3.90.1, and the shop stays on
 * payload 3.90.2 (npm overrides give the adapter that one copy). Outside production, Payload's
 * start-up check rejects that pair with an unhandled rejection that ends the process, which
 * stopped `npm run dev`, `npm run migrate`, `npm run seed` and the payload CLI. This module is
 * loaded with the config, before Payload starts, so the check is off wherever the config is.
 */
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

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
