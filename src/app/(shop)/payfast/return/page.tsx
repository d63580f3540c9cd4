import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { getShop } from '@/cms/payload'
import { PayfastOutcome, PayfastPage } from '@/components/payfast/payfast-pages'
import { payfastKeyValid, payfastStateOf, payUrl } from '@/modules/payfast/hand-over'
import { getShopSettings } from '@/modules/settings/settings'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your PayFast payment', robots: { index: false } }

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

const TITLES = {
  paid: 'Payment received',
  waiting: 'Waiting for PayFast',
  cancelled: 'Order cancelled',
} as const

/** Where PayFast sends the buyer back after paying: what happened to the order. */
export default async function PayfastReturnPage({ searchParams }: Props) {
  const { order, key } = await searchParams
  if (typeof order !== 'string' || typeof key !== 'string' || !payfastKeyValid(order, key))
    notFound()
  const shop = await getShop()
  const state = await payfastStateOf(shop, order)
  if (!state) notFound()
  const { whatsappNumber } = await getShopSettings(shop)
  return (
    <PayfastPage title={TITLES[state]}>
      <PayfastOutcome
        state={state}
        orderId={order}
        payUrl={state === 'waiting' ? payUrl(order) : undefined}

        whatsappNumber={whatsappNumber}
      />
    </PayfastPage>
  )
}
