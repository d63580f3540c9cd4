import { productsToCsv } from '@/lib/csv'
import { shopDay } from '@/lib/dates'
import { adminOnly } from '@/lib/server/admin-auth'
import { listProducts } from '@/lib/server/catalogue'
import { handle } from '@/lib/server/http'

export const dynamic = 'force-dynamic'

export const GET = handle(
  adminOnly(async () => {
    const products = (await listProducts()).sort((a, b) => (a.sku < b.sku ? -1 : 1))
    return new Response(productsToCsv(products), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="products-${shopDay(new Date())}.csv"`,
        'cache-control': 'no-store',
      },
    })
  }),
)
