import type { Metadata, Viewport } from 'next'
import { connection } from 'next/server'
import type React from 'react'

import '@/styles/base.css'
import './shop.css'

import { ServiceWorker } from '@/components/offline/service-worker'
import { getShop } from '@/cms/payload'
import { getShopSettings } from '@/modules/settings/settings'
import { DEFAULT_OFFLINE_DATA_MB, DEFAULT_THEME_COLOR } from '@/modules/web-app/rules'
import { currentRelease } from '@/app/_server/release'

export const metadata: Metadata = {
  title: {
    default: 'KC Wholesale · Your Trusted Wholesale Partner',
    template: '%s · KC Wholesale',
  },
  description:
    'Wholesale prices in rand, delivered across Gauteng. Your Trusted Wholesale Partner.',
  icons: { icon: '/icon.svg' },
  manifest: '/manifest.webmanifest',
}

/** The shop's settings for the app's colour and offline budget; the defaults if they cannot be read. */
async function appSettings() {
  try {
    const { themeColor, offlineDataMb } = await getShopSettings(await getShop())
    return { themeColor, offlineDataMb }
  } catch {
    return { themeColor: DEFAULT_THEME_COLOR, offlineDataMb: DEFAULT_OFFLINE_DATA_MB }
  }
}

export async function generateViewport(): Promise<Viewport> {
  const { themeColor } = await appSettings()
  return { width: 'device-width', initialScale: 1, themeColor }
}

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered when asked for, none at build time: a page made for one request
  // carries that request's script nonce, and a built one would carry none and be refused by its
  // policy (src/platform/http/content-security-policy.ts).
  await connection()
  const { offlineDataMb } = await appSettings()
  return (
    <html lang="en-ZA">
      <body>
        {children}
        <ServiceWorker release={currentRelease()} budgetMb={offlineDataMb} />
      </body>
    </html>
  )
}
