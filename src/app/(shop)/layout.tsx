import type { Metadata, Viewport } from 'next'
import type React from 'react'

import '@/styles/base.css'
import './shop.css'

export const metadata: Metadata = {
  title: {
    default: 'KC Wholesale · Your Trusted Wholesale Partner',
    template: '%s · KC Wholesale',
  },
  description:
    'Wholesale prices in rand, delivered across Gauteng. Your Trusted Wholesale Partner.',
  icons: { icon: '/icon.svg' },
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' }

export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <body>{children}</body>
    </html>
  )
}
