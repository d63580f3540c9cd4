import sharp from 'sharp'

import type { IconName } from './manifest'

/**
 * The shop's mark (public/icon.svg: a cart on the shop's colour) as an SVG of `size` pixels.
 * A maskable icon fills the square with the colour and keeps the cart within the middle 80%,
 * which every launcher's mask leaves whole.
 */
function markSvg(color: string, size: number, maskable: boolean): string {
  const cart =
    '<path d="M14 20h6l5 22h20l5-16H23" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>' +
    '<circle cx="27" cy="49" r="4" fill="#facc15"/><circle cx="43" cy="49" r="4" fill="#facc15"/>'
  const body = maskable
    ? `<rect width="64" height="64" fill="${color}"/><g transform="translate(9.6 9.6) scale(0.7)">${cart}</g>`
    : `<rect width="64" height="64" rx="14" fill="${color}"/>${cart}`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${body}</svg>`
}

const drawn = new Map<string, Promise<Buffer>>()

/** The PNG for an icon in `color`, drawn once per process (a few milliseconds, a few kB). */
export function iconPng(name: IconName, color: string): Promise<Buffer> {
  const key = `${name} ${color}`
  let png = drawn.get(key)
  if (!png) {
    const size = name === 'icon-192.png' ? 192 : 512
    const svg = markSvg(color, size, name.startsWith('maskable'))
    png = sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
    // A failed drawing is tried again next time, not remembered.
    png.catch(() => drawn.delete(key))
    drawn.set(key, png)
  }
  return png
}
