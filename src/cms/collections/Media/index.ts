import type { CollectionConfig } from 'payload'

import { anyone, isStaff } from '@/cms/access'
import { env } from '@/env'
import { checkUpload } from './hooks/check-upload'

export const MEDIA_SLUG = 'media'

export const IMAGE_WIDTHS = [200, 400, 600, 800] as const

export const Media: CollectionConfig = {
  slug: MEDIA_SLUG,
  access: { read: anyone, create: isStaff, update: isStaff, delete: isStaff },
  hooks: { beforeOperation: [checkUpload] },
  upload: {
    staticDir: env().mediaDir,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
    formatOptions: { format: 'webp', options: { quality: 80 } },
    imageSizes: IMAGE_WIDTHS.map((width) => ({
      name: `w${width}`,
      // Square crops, so that each size's file name (`<name>-<w>x<w>.webp`) follows from the
      // original's and the storefront can build a srcset from imageURL alone.
      width,
      height: width,
      withoutEnlargement: false,
      formatOptions: { format: 'webp' as const, options: { quality: 75 } },
    })),
    adminThumbnail: 'w200',
  },
  fields: [{ name: 'alt', type: 'text', required: true }],
}
