import type { Metadata } from 'next'
import Link from 'next/link'

export const metadata: Metadata = { title: { absolute: 'Page Not Found' } }

export default function NotFound() {
  return (
    <main className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link href="/">Back to the shop</Link>
    </main>
  )
}
