import { DEFAULT_THEME_COLOR } from './rules'

/** The sizes the app's icons are drawn at: Android asks for 192 and 512 px. */
export const ICON_SIZES = [192, 512] as const

export type IconName = `icon-${(typeof ICON_SIZES)[number]}.png` | 'maskable-512.png'

export const ICON_NAMES: readonly IconName[] = [
  ...ICON_SIZES.map((size) => `icon-${size}.png` as const),
  'maskable-512.png',
]

/** Where an icon is served; its colour is in the address, so a new colour is a new file. */
export const iconPath = (name: IconName, color: string) =>
  `/icons/${name}?c=${color.slice(1).toLowerCase()}`

/**
 * The web app manifest Android Chrome installs the storefront from: the shop's name, its
 * colour, the icons drawn in it, opening on the storefront in its own window.
 */
export function webAppManifest(shop: { shopName: string; tagline: string; themeColor?: string }) {
  const color = shop.themeColor ?? DEFAULT_THEME_COLOR
  return {
    id: '/',
    name: shop.shopName,
    short_name: shortName(shop.shopName),
    description: shop.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: color,
    lang: 'en-ZA',
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: iconPath(`icon-${size}.png`, color),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      {
        src: iconPath('maskable-512.png', color),
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  }
}

/** The name under the icon on a home screen: about 12 characters show. */
export function shortName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length <= 12) return trimmed
  const firstWord = trimmed.split(/\s+/)[0]!
  return firstWord.length <= 12 ? firstWord : trimmed.slice(0, 12)
}
