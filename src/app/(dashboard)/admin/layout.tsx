import type { Metadata } from 'next'
import type React from 'react'

import '@/styles/base.css'
import './dashboard.css'

export const metadata: Metadata = {
  title: 'Admin · KC Wholesale',
  robots: { index: false, follow: false },
  icons: { icon: '/icon.svg' },
}

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <body>{children}</body>
    </html>
  )
}
