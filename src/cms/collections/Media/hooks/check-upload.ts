import type { CollectionBeforeOperationHook } from 'payload'

import { AppError } from '@/shared/errors'
import { prepareImage } from '@/platform/edge/images'
import { payloadError } from '@/cms/payload-error'

/**
 * Uploads through /cms meet the same rules as the owner's API: JPEG, PNG, WebP or AVIF by their
 * bytes, at most 5 MB and 40 megapixels, and large photos scaled down before Payload makes its
 * sizes. Only for a signed-in user: anyone else is refused by access right after this, and must
 * not make the server decode anything first.
 */
export const checkUpload: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const file = req.file
  if (!file || (operation !== 'create' && operation !== 'update')) return args
  if (req.context?.imagePrepared || !req.user) return args
  try {
    const { data, type } = await prepareImage(file.data)
    const stem = file.name.replace(/\.[^.]*$/, '') || 'image'
    req.file = {
      ...file,
      data,
      mimetype: type.mimetype,
      name: `${stem}.${type.extension}`,
      size: data.byteLength,
    }
  } catch (error) {
    if (error instanceof AppError) throw payloadError(error.message, error.status)
    throw error
  }
  return args
}
