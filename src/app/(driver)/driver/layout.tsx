import type { Metadata, Viewport } from 'next'
import { connection } from 'next/server'
import type React from 'react'

import '@/styles/base.css'
import './driver.css'

import { ServiceWorker } from '@/components/offline/service-worker'
import { currentRelease } from '@/app/_server/release'
import { DEFAULT_OFFLINE_DATA_MB } from '@/modules/web-app/rules'

export const metadata: Metadata = {
  title: 'Delivery run · KC Wholesale',
  robots: { index: false, follow: false },
  icons: { icon: '/icon.svg' },
  referrer: 'no-referrer',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

/** The driver's phone: the storefront's service worker keeps this page and the run for offline. */
export default async function DriverLayout({ children }: { children: React.ReactNode }) {
  await connection()
  return (
    <html lang="en-ZA">
      <body>
        {children}
        <ServiceWorker release={currentRelease()} budgetMb={DEFAULT_OFFLINE_DATA_MB} />
      </body>
    </html>
  )
}
