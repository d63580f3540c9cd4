import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { getShop } from '@/cms/payload'
import { PayfastForm, PayfastOutcome, PayfastPage } from '@/components/payfast/payfast-pages'
import { handOverOf, payfastKeyValid } from '@/modules/payfast/hand-over'
import { getShopSettings } from '@/modules/settings/settings'
import { publicOrigin } from '@/platform/http/public-url'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Pay with PayFast', robots: { index: false } }

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** The hand-over: the order's signed PayFast form, posted to PayFast when the buyer presses Pay. */
export default async function PayfastPayPage({ searchParams }: Props) {
  const { order, key } = await searchParams
  if (typeof order !== 'string' || typeof key !== 'string' || !payfastKeyValid(order, key))
    notFound()
  const shop = await getShop()
  const handOver = await handOverOf(shop, order, await publicOrigin())
  if (!handOver) notFound()
  const { whatsappNumber } = await getShopSettings(shop)
  if (handOver.state === 'pay')
    return (
      <PayfastPage title="Pay with PayFast">
        <PayfastForm
          action={handOver.action}
          fields={handOver.fields}
          total={handOver.total}
          orderId={order}
        />
      </PayfastPage>
    )
  if (handOver.state === 'unavailable')
    return (
      <PayfastPage title="PayFast is not available">
        <p role="status">
          Paying by card or instant EFT is not available right now. Message us on WhatsApp at{' '}
          {whatsappNumber}, quoting order {order}, to pay another way.
        </p>
      </PayfastPage>
    )
  return (
    <PayfastPage title={handOver.state === 'paid' ? 'Payment received' : 'Order cancelled'}>
      <PayfastOutcome state={handOver.state} orderId={order} whatsappNumber={whatsappNumber} />
    </PayfastPage>
  )
}
