import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import sharp from 'sharp'

import { env } from '@/env'
import type { CacheRule } from '@/platform/cache/cache'
import { shopCache } from '@/platform/cache/shop-cache'
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, withImageWork } from './images'
import { answerLocally } from './in-process'
import { mediaFileFor } from './media-files'

export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
const FETCH_TIMEOUT_MS = 5000

/** Previews waiting for the image slot past this are refused (503), not queued. */
const PREVIEW_QUEUE = 4

type Preview = { jpeg: Buffer; fromPhoto: boolean }

/**
 * Kept by photo address (a new photo is a new address, so a new entry) in the shop's one cache.
 * A photo that could not be read this time (its host away) is tried again next time.
 */
const PREVIEW: CacheRule<Preview & { photo: boolean }> = {
  tags: [],
  sizeOf: (preview) => preview.jpeg.byteLength,
  keep: (preview) => preview.fromPhoto || !preview.photo,
}

/**
 * The 1200x630 picture chat apps show for a shared product: the photo whole, centred on a
 * blurred, widened copy of itself, so a square photo fills the frame without being cropped. A
 * product without a photo (or whose photo cannot be read) gets the shop's placeholder. Made once
 * per photo and kept (`?v=random` asks again for the same one), one at a time with the shop's
 * other image work, the photo read inside that turn; past a short queue, a 503.
 */
export async function productPreview(imageURL: string | undefined): Promise<Buffer> {
  const made = await shopCache.get(`preview ${imageURL ?? ''}`, PREVIEW, async () => ({
    ...(await withImageWork(() => makePreview(imageURL), PREVIEW_QUEUE)),
    photo: Boolean(imageURL),
  }))
  return made.jpeg
}

async function makePreview(imageURL: string | undefined): Promise<Preview> {
  const photo = imageURL ? await photoBytes(imageURL) : undefined
  if (photo) {
    try {
      return { jpeg: await compose(photo), fromPhoto: true }
    } catch (error) {
      console.error('Could not make a preview from', imageURL, error)
    }
  }
  return { jpeg: await compose(await placeholder()), fromPhoto: false }
}

async function compose(photo: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const }
  const [background, foreground] = await Promise.all([
    sharp(photo, options)
      .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover' })
      .blur(40)
      .modulate({ brightness: 1.05 })
      .toBuffer(),
    sharp(photo, options)
      .resize(PREVIEW_HEIGHT, PREVIEW_HEIGHT, {
        fit: 'contain',
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      })
      .png()
      .toBuffer(),
  ])
  return sharp(background)
    .composite([{ input: foreground, gravity: 'centre' }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
}

let placeholderBytes: Buffer | undefined
async function placeholder(): Promise<Buffer> {
  placeholderBytes ??= await fs.readFile(path.join(process.cwd(), 'public', 'placeholder.svg'))
  return placeholderBytes
}

/**
 * The photo's bytes: an upload from the media folder, else any other path of this shop (an
 * upload in S3, through Payload) answered in this process, else the owner's https:// address,
 * each within the upload size limit and a few seconds.
 */
async function photoBytes(imageURL: string): Promise<Buffer | undefined> {
  const { mediaDir } = env()
  const file = mediaFileFor(imageURL, mediaDir)
  if (file) {
    const bytes = await fs.readFile(file).catch(() => undefined)
    if (bytes) return bytes
  }
  if (imageURL.startsWith('/')) {
    const answer = await Promise.race([
      answerLocally(imageURL),
      delay(FETCH_TIMEOUT_MS, undefined, { ref: false }),
    ]).catch(() => undefined)
    if (answer?.status !== 200 || answer.body.byteLength > MAX_IMAGE_BYTES) return undefined
    return answer.body
  }
  try {
    const res = await fetch(imageURL, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'follow',
    })
    if (!res.ok || !res.body) return undefined
    const declared = Number(res.headers.get('content-length') ?? 0)
    if (declared > MAX_IMAGE_BYTES) return undefined
    const reader = res.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return Buffer.concat(chunks)
      size += value.byteLength
      if (size > MAX_IMAGE_BYTES) {
        await reader.cancel()
        return undefined
      }
      chunks.push(value)
    }
  } catch {
    return undefined
  }
}
