import { getShop } from '@/cms/payload'
import { answerOrderCall, shopOrderDeps } from '@/modules/orders/order-call'

export const dynamic = 'force-dynamic'

/**
 * `POST /api/orders` (modules/orders/order-call.ts). The front door answers guests' orders
 * before they reach Next (boot/order-door.ts); what comes here is a signed-in buyer's, or any
 * order when this process has no order lane.
 */
export const POST = (request: Request) => answerOrderCall(request, shopOrderDeps(getShop))
