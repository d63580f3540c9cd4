import { BadInput } from '@/lib/errors'
import { orderSchema } from '@/lib/schemas/order'
import { readJson } from '@/lib/server/body'
import { handle, json } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { firstIssue } from '@/lib/server/validation'
import { placeOrder } from '@/modules/orders/place-order'

export const dynamic = 'force-dynamic'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/

export const POST = handle(async (request: Request) => {
  const key = request.headers.get('idempotency-key') ?? undefined
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new BadInput('Idempotency-Key must be 1 to 200 visible ASCII characters.', {
      field: 'Idempotency-Key',
    })
  }
  const parsed = orderSchema.safeParse(await readJson(request))
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const { order, replayed } = await placeOrder((await getShop()).db.pool, parsed.data, key)
  return json(order, { status: 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} })
})
