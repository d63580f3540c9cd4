import { listDeliveryAreas } from '@/modules/areas/repository'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** Shared between everyone who asks until an area is written (src/boot/shared-answers.ts). */
export const GET = handle(async () => json(await listDeliveryAreas(await getShop())))
