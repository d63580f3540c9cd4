import type { Payload } from 'payload'

import { addDays, startOfShopDay } from '@/shared/dates'
import { getShopSettings } from '@/modules/settings/settings'
import type { VatDocument } from './documents'
import { DEFAULT_VAT_PERIOD, vatPeriodOf, type VatPeriodKind } from './periods'
import { documentsBetween } from './repository'
import { vatReportOf, type VatReportDTO } from './report'
import type { ExportQuery } from './schemas'

/** The owner's VAT operations (docs/vat.md): the period's figures, the export, the setting. */

/** The VAT figures of the shop's period that `month` (YYYY-MM) is in, with their documents. */
export async function vatReport(shop: Payload, month: string): Promise<VatReportDTO> {
  const settings = await getShopSettings(shop)
  const period = vatPeriodOf(month, settings.vatPeriod ?? DEFAULT_VAT_PERIOD)
  const documents = await documentsBetween(shop.db.pool, period.startsAt, period.endsAt)
  return vatReportOf(period, documents)
}

/** The documents of shop days `from` to `to`, both whole: midnight to midnight in Johannesburg. */
export function exportDocuments(shop: Payload, span: ExportQuery): Promise<VatDocument[]> {
  return documentsBetween(
    shop.db.pool,
    startOfShopDay(span.from),
    startOfShopDay(addDays(span.to, 1)),
  )
}

/** The shop's VAT period and what the figures need beside it. */
export async function vatSettings(shop: Payload) {
  const s = await getShopSettings(shop)
  return {
    vatPeriod: s.vatPeriod ?? DEFAULT_VAT_PERIOD,
    vatRegistered: s.vatRegistered,
    vatRate: s.vatRate,
  }
}

/**
 * Sets the VAT period through the ShopSettings global ('shop-settings'), as a /cms save would,
 * so its hooks and validation run, with who made the change in its context. overrideAccess: the
 * route has already checked the owner's key (adminOnly).
 */
export async function setVatPeriod(shop: Payload, vatPeriod: VatPeriodKind, actor: string) {
  await shop.updateGlobal({
    slug: 'shop-settings',
    data: { vatPeriod },
    overrideAccess: true,
    context: { actor },
  })
  // The cached settings learn of the write from the change feed a moment later: answer it as set.
  return { ...(await vatSettings(shop)), vatPeriod }
}
