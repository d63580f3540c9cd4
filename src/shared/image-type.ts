export type ImageType = { mimetype: string; extension: string }

/** The largest photo the shop takes (docs/api.md); here so body limits need not load sharp. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** Judges an upload by its bytes, never its name: JPEG, PNG, WebP or AVIF, or nothing. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mimetype: 'image/jpeg', extension: 'jpg' }
  }
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') {
    return { mimetype: 'image/png', extension: 'png' }
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    return { mimetype: 'image/webp', extension: 'webp' }
  }
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) {
    return { mimetype: 'image/avif', extension: 'avif' }
  }
  return undefined
}
