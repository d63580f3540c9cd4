export const IMAGE_WIDTHS = [200, 400, 600, 800] as const

const MEDIA_FILE = /^(\/cms\/api\/media\/file\/)(.+)\.webp$/

/**
 * The srcset of an image stored through `media` (square WebP sizes named `<name>-<w>x<w>.webp`),
 * or undefined for any other URL, which is then used as it is.
 */
export function srcSetFor(imageURL: string | undefined): string | undefined {
  const match = imageURL ? MEDIA_FILE.exec(imageURL) : null
  if (!match) return undefined
  const [, dir, name] = match
  return IMAGE_WIDTHS.map((w) => `${dir}${name}-${w}x${w}.webp ${w}w`).join(', ')
}

/** The smallest size of a media image (200 px), for a shopper saving data; others as they are. */
export function smallestImage(imageURL: string): string {
  const match = MEDIA_FILE.exec(imageURL)
  if (!match) return imageURL
  const [, dir, name] = match
  return `${dir}${name}-${IMAGE_WIDTHS[0]}x${IMAGE_WIDTHS[0]}.webp`
}
