import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import sharp from 'sharp'

import { BadInput, PayloadTooLarge, ServiceBusy } from '@/shared/errors'
import { MAX_IMAGE_BYTES, sniffImageType, type ImageType } from '@/shared/image-type'
import { QueueFull, Semaphore } from '@/shared/semaphore'

export { MAX_IMAGE_BYTES }
export const MAX_IMAGE_PIXELS = 40_000_000
/** Larger photos are scaled down to fit this square before Payload makes its WebP sizes. */
export const STORED_IMAGE_EDGE = 2000
const SHRINK_ABOVE_PIXELS = STORED_IMAGE_EDGE * STORED_IMAGE_EDGE

// Decoded pixels are the memory cost of an upload (a 40 MP photo is 160 MB of RGBA, and Payload
// decodes it once per size). One image at a time per process keeps a 1 GB server standing.
sharp.cache(false)
const imageWork = new Semaphore(1)

/**
 * Runs image work (checks, shrinking, Payload's resizing) one at a time in this process. Work
 * anyone may ask for (a link preview) passes `maxWaiting`: past it, a 503 with Retry-After
 * rather than an ever longer queue.
 */
export async function withImageWork<T>(work: () => Promise<T>, maxWaiting?: number): Promise<T> {
  try {
    return await imageWork.run(work, maxWaiting)
  } catch (error) {
    if (error instanceof QueueFull)
      throw new ServiceBusy('Images are being made: try again shortly.')
    throw error
  }
}

export type PreparedImage = { data: Buffer; type: ImageType }

/**
 * Checks an uploaded image before anything decodes it: the size, the format by its bytes, and
 * the pixel count from its header (a 20000x20000 PNG of a few hundred kB is refused here,
 * without allocating its 1.6 GB of pixels). A photo larger than the shop ever shows is then
 * scaled down once, so that the four sizes are made from a small image. The same rules hold for
 * the owner's API and for uploads in /cms (see the Media collection's hook).
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
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
  if (width * height <= SHRINK_ABOVE_PIXELS) return { data: Buffer.from(bytes), type }
  try {
    const data = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(STORED_IMAGE_EDGE, STORED_IMAGE_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer()
    return { data, type: { mimetype: 'image/webp', extension: 'webp' } }
  } catch {
    throw unreadable
  }
}

/**
 * Stores a checked image through `media`, which re-encodes it to WebP at 200, 400, 600 and
 * 800 px. The caller deletes it again if what it was for is not made.
 */
export async function storeProductImage(
  payload: Payload,
  bytes: Uint8Array,
  sku: string,
  alt: string,
): Promise<number> {
  return withImageWork(async () => {
    const { data, type } = await prepareImage(bytes)
    const name = `${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}.${type.extension}`
    try {
      const media = await payload.create({
        collection: 'media',
        data: { alt },
        file: { data, mimetype: type.mimetype, name, size: data.byteLength },
        context: { imagePrepared: true },
        overrideAccess: true,
      })
      return media.id
    } catch (error) {
      console.error('Image processing failed', error)
      throw new BadInput('The image could not be processed.', { field: 'image' })
    }
  })
}
