import { adminOnly } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { getOrder } from '@/lib/server/orders'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params
    return json(await getOrder(id))
  }),
)
