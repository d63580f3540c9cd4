import type { Metadata } from 'next'

export const metadata: Metadata = { title: { absolute: 'Page Not Found' } }

export default function NotFound() {
  return (
    <main className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- next/link here put ~3 kB into every storefront load, since this page is the whole shop's 404 boundary */}
      <a href="/">Back to the shop</a>
    </main>
  )
}
