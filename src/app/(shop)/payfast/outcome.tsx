import { notFound } from 'next/navigation'

import { getShop } from '@/cms/payload'
import { PayfastOutcome, PayfastPage } from '@/components/payfast/payfast-pages'
import { payfastKeyValid, payfastStateOf, payUrl } from '@/modules/payfast/hand-over'
import { getShopSettings } from '@/modules/settings/settings'

export type OutcomeSearch = Promise<Record<string, string | string[] | undefined>>

/**
 * Where PayFast sends the buyer back, paid (`return`) or having left (`cancel`): what happened
 * to the order, by the order's own key in the link, and the way on. The two pages differ only in
 * how they name an order still unpaid.
 */
export async function PayfastOutcomePage({
  searchParams,
  waiting,
  left = false,
}: {
  searchParams: OutcomeSearch
  waiting: string
  left?: boolean
}) {
  const { order, key } = await searchParams
  if (typeof order !== 'string' || typeof key !== 'string' || !payfastKeyValid(order, key))
    notFound()
  const shop = await getShop()
  const state = await payfastStateOf(shop, order)
  if (!state) notFound()
  const { whatsappNumber } = await getShopSettings(shop)
  const titles = { paid: 'Payment received', waiting, cancelled: 'Order cancelled' } as const
  return (
    <PayfastPage title={titles[state]}>
      <PayfastOutcome
        state={state}
        orderId={order}
        payUrl={state === 'waiting' ? payUrl(order) : undefined}
        left={left}
        whatsappNumber={whatsappNumber}
      />
    </PayfastPage>
  )
}
