import { deliveryDaysOf } from '@/modules/delivery/days'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ slug: string }> }

/** The open delivery days of an area now: never shared, the cut-off moves with the clock. */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { slug } = await params
  return json(await deliveryDaysOf(await getShop(), slug))
})
