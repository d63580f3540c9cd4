import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import sharp from 'sharp'

import { BadInput, PayloadTooLarge } from '@/lib/errors'
import { sniffImageType } from '@/lib/image-type'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_IMAGE_PIXELS = 40_000_000

/**
 * Checks an uploaded image before anything decodes it: the size, the format by its bytes, and
 * the pixel count from its header (a 20000x20000 PNG of a few hundred kB is refused here,
 * without allocating its 1.6 GB of pixels). Then stores it through `media`, which re-encodes it
 * to WebP at 200, 400, 600 and 800 px.
 */
export async function storeProductImage(
  payload: Payload,
  bytes: Uint8Array,
  sku: string,
  alt: string,
): Promise<number> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new PayloadTooLarge(MAX_IMAGE_BYTES)
  const type = sniffImageType(bytes)
  if (!type) {
    throw new BadInput('The image must be a JPEG, PNG, WebP or AVIF file.', { field: 'image' })
  }
  const tooLarge = new BadInput(
    `The image is too large: at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    { field: 'image' },
  )
  const unreadable = new BadInput('The image could not be read.', { field: 'image' })
  let width = 0
  let height = 0
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
    width = meta.width ?? 0
    height = meta.height ?? 0
  } catch (error) {
    throw error instanceof Error && /pixel limit/i.test(error.message) ? tooLarge : unreadable
  }
  if (!width || !height) throw unreadable
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge
  const name = `${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}.${type.extension}`
  try {
    const media = await payload.create({
      collection: 'media',
      data: { alt },
      file: { data: Buffer.from(bytes), mimetype: type.mimetype, name, size: bytes.byteLength },
      overrideAccess: true,
    })
    return media.id
  } catch (error) {
    console.error('Image processing failed', error)
    throw new BadInput('The image could not be processed.', { field: 'image' })
  }
}
