import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

/** This route only ever renders the 404, so its title is the 404's title too. */
export const metadata: Metadata = { title: { absolute: 'Page Not Found' } }

/** Every path no other route claims ends here, inside the shop's layout, as a 404. */
export default function Missing(): never {
  notFound()
}
