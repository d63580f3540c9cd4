import type { Metadata } from 'next'

import { PayfastOutcomePage, type OutcomeSearch } from '../outcome'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your PayFast payment', robots: { index: false } }

/** Where PayFast sends a buyer who left without paying: try again, or pay another way. */
export default function PayfastCancelPage({ searchParams }: { searchParams: OutcomeSearch }) {
  return <PayfastOutcomePage searchParams={searchParams} waiting="Payment not made" left />
}
