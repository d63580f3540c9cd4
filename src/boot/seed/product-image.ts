import sharp from 'sharp'

import type { Category } from '@/modules/catalogue/categories'

const PALETTE: Record<Category, [string, string]> = {
  Electronics: ['#1d4ed8', '#60a5fa'],
  Clothing: ['#b45309', '#fcd34d'],
  'Home & Garden': ['#15803d', '#86efac'],
  'Health & Beauty': ['#be185d', '#f9a8d4'],
}

/** A distinct 800x800 PNG per product, drawn locally (no network, no fonts needed). */
export async function renderProductImage(category: Category, seed: number): Promise<Buffer> {
  const [dark, light] = PALETTE[category]
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const n = (seed * 7919 + i * 104729) % 997
    const x = 120 + ((n * 13) % 560)
    const y = 120 + ((n * 29) % 560)
    const r = 50 + (n % 110)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : '#ffffff'}" fill-opacity="0.35"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>${shapes}
    <rect x="250" y="250" width="300" height="300" rx="40" fill="#ffffff" fill-opacity="0.85"/>
    <rect x="310" y="330" width="180" height="140" rx="16" fill="${dark}"/>
  </svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}
