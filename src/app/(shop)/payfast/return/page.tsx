import type { Metadata } from 'next'

import { PayfastOutcomePage, type OutcomeSearch } from '../outcome'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your PayFast payment', robots: { index: false } }

/** Where PayFast sends the buyer back after paying: what happened to the order. */
export default function PayfastReturnPage({ searchParams }: { searchParams: OutcomeSearch }) {
  return <PayfastOutcomePage searchParams={searchParams} waiting="Waiting for PayFast" />
}
