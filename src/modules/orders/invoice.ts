import { escapeHtml, multilineHtml } from '@/shared/html'
import { formatDeliveryDate } from '@/modules/delivery/schedule'
import { formatShopDateTime, formatShopDay } from '@/shared/dates'
import { formatRand, fromCents, multiplyCents, toCents, type Cents } from '@/shared/money'
import type { AdminOrderDTO, OrderDTO } from './order'
import type { CreditNoteDTO } from './credit-note'
import { isFullTaxInvoice } from './tax-invoice'
import { creditNoteNumberText, invoiceNumberText, paymentLabel } from './receipt'

/**
 * The seller as the shop's settings name it today: what an order from before the seller was kept
 * with it is invoiced as (an order keeps its own name, address and VAT number).
 */
export type InvoiceSeller = { shopName: string; shopAddress: string | null }

/** Another document this one refers to: a credit note's invoice, or a cancelled invoice's note. */
export type DocumentRef = { number: string; date: string }

export type InvoiceLine = { description: string; quantity: number; unit: Cents; amount: Cents }

/** Everything the printed invoice says, worked out from the order as placed. */
export type Invoice = {
  /** "Tax Invoice" from a VAT-registered shop; a shop that was not registered may not say so. */
  title: 'Tax Invoice' | 'Invoice' | 'Credit Note'
  kind: 'full' | 'abridged' | 'not-vat'
  number: string
  date: string
  orderId: string
  seller: { name: string; address: string | null; vatNumber: string | null }
  buyer: { name: string; business: string | null; address: string; vatNumber: string | null }
  lines: InvoiceLine[]
  net: Cents
  vat: Cents | null
  vatRate: number | null
  total: Cents
  payment: string
  /** On account: the day payment is due, as printed. */
  due?: string
  /** The day the order is delivered, as printed, when its area has delivery days. */
  delivery?: string
  /**
   * A reprint: the original went to the buyer (with their receipt, or the shop's first print of
   * an order it took itself), and the Value-Added Tax Act allows one; every other print says so.
   */
  copy?: boolean
  /** A credit note: the invoice it credits. */
  credits?: DocumentRef
  /**
   * A credit note: what of the invoice it credits: all of it (a cancellation), what short
   * deliveries left of it (a cancellation after them), or the lines delivered short.
   */
  credited?: 'whole' | 'rest' | 'short-delivery'
  /** A credit note: why, as the owner or driver gave it. */
  reason?: string
  /** An invoice whose order was cancelled: the credit note that cancelled it. */
  creditedBy?: DocumentRef
  /** An invoice credited in part: its short deliveries' credit notes, by number. */
  partlyCreditedBy?: (DocumentRef & { amount: Cents })[]
}

type Invoiced = OrderDTO & Partial<Pick<AdminOrderDTO, 'creditNote'>>

const refOf = (note: { number: number; issuedAt: string }): DocumentRef => ({
  number: creditNoteNumberText(note.number),
  date: formatShopDateTime(new Date(note.issuedAt)),
})

export function invoiceOf(order: Invoiced, seller: InvoiceSeller): Invoice {
  const total = toCents(order.total)
  const vat = order.vat ? toCents(order.vat.amount) : null
  const lines: InvoiceLine[] = order.items.map((item) => ({
    description: `${item.name} (${item.sku})`,
    quantity: item.quantity,
    unit: toCents(item.price),
    amount: multiplyCents(toCents(item.price), item.quantity),
  }))
  const shortDeliveries = (order.creditNotes ?? []).filter((n) => n.kind === 'short-delivery')
  const fee = toCents(order.fee)
  if (fee > 0) {
    lines.push({
      description: `Delivery to ${order.areaName}`,
      quantity: 1,
      unit: fee,
      amount: fee,
    })
  }
  return {
    title: order.vat ? 'Tax Invoice' : 'Invoice',
    kind: !order.vat ? 'not-vat' : isFullTaxInvoice(total, order.customer) ? 'full' : 'abridged',
    number: invoiceNumberText(order.invoiceNumber),
    date: formatShopDateTime(new Date(order.createdAt)),
    orderId: order.orderId,
    seller: {
      name: order.seller?.name ?? seller.shopName,
      address: order.seller ? order.seller.address : seller.shopAddress,
      vatNumber: order.vat?.sellerVatNumber || null,
    },
    buyer: {
      name: order.customer.name,
      business: order.customer.business ?? null,
      address: order.customer.address ?? order.areaName,
      vatNumber: order.customer.vatNumber ?? null,
    },
    lines,
    net: vat === null ? total : total - vat,
    vat,
    vatRate: order.vat?.rate ?? null,
    total,
    payment: paymentLabel(order.payment),
    ...(order.dueDate ? { due: formatShopDay(order.dueDate) } : {}),
    ...(order.deliveryDate ? { delivery: formatDeliveryDate(order.deliveryDate) } : {}),
    ...(order.creditNote ? { creditedBy: refOf(order.creditNote) } : {}),
    ...(shortDeliveries.length
      ? {
          partlyCreditedBy: shortDeliveries.map((n) => ({
            ...refOf(n),
            amount: toCents(n.amount),
          })),
        }
      : {}),
  }
}

/**
 * The credit note that cancelled an order credited in nothing else (VAT Act s21): the whole of
 * its invoice, lines and VAT, credited under the note's own number and date, naming the invoice.
 */
export function creditNoteOf(
  order: Invoiced & Pick<AdminOrderDTO, 'creditNote'>,
  seller: InvoiceSeller,
): Invoice | undefined {
  if (!order.creditNote) return undefined
  const whole: CreditNoteDTO = {
    orderId: order.orderId,
    number: order.creditNote.number,
    issuedAt: order.creditNote.issuedAt,
    kind: 'cancellation',
    amount: order.total,
    reason: null,
    lines: order.items.map(({ sku, name, price, quantity }) => ({
      sku,
      name,
      price,
      quantity,
      amount: fromCents(multiplyCents(toCents(price), quantity)),
    })),
    fee: order.fee,
    vat: order.vat?.amount ?? null,
  }
  return creditNoteDocument(order, whole, seller)
}

/**
 * One credit note of an order as printed (VAT Act s21): the lines and units it credits at the
 * prices the invoice charged, the delivery fee if it credits it, its VAT and total as issued,
 * under its own number and date, naming the invoice it credits.
 */
export function creditNoteDocument(
  order: Invoiced,
  note: CreditNoteDTO,
  seller: InvoiceSeller,
): Invoice {
  const invoice = invoiceOf(order, seller)
  const total = toCents(note.amount)
  const vat = note.vat === null ? null : toCents(note.vat)
  const lines: InvoiceLine[] = note.lines.map((l) => ({
    description: `${l.name} (${l.sku})${l.reason ? `: ${l.reason}` : ''}`,
    quantity: l.quantity,
    unit: toCents(l.price),
    amount: toCents(l.amount),
  }))
  const fee = toCents(note.fee)
  if (fee > 0)
    lines.push({
      description: `Delivery to ${order.areaName}`,
      quantity: 1,
      unit: fee,
      amount: fee,
    })
  const { creditedBy: _cancelled, partlyCreditedBy: _parts, ...rest } = invoice
  return {
    ...rest,
    title: 'Credit Note',
    number: creditNoteNumberText(note.number),
    date: formatShopDateTime(new Date(note.issuedAt)),
    lines,
    net: vat === null ? total : total - vat,
    vat,
    total,
    credits: { number: invoice.number, date: invoice.date },
    credited:
      note.kind === 'short-delivery'
        ? 'short-delivery'
        : total === invoice.total
          ? 'whole'
          : 'rest',
    ...(note.reason ? { reason: note.reason } : {}),
  }
}

/**
 * The invoice as a whole HTML document for A4: printed, or saved as PDF, from the browser. Self
 * contained (no scripts, no fonts, no images), so it prints the same from the owner's dashboard
 * and from a shopper's receipt.
 */
export function invoiceHtml(invoice: Invoice): string {
  const rows = invoice.lines
    .map(
      (l) => `<tr><td>${escapeHtml(l.description)}</td><td class="n">${l.quantity}</td>
        <td class="n">${formatRand(l.unit)}</td><td class="n">${formatRand(l.amount)}</td></tr>`,
    )
    .join('\n')
  const seller = invoice.seller
  const buyer = invoice.buyer
  const vatRows =
    invoice.vat === null
      ? `<tr class="total"><th colspan="3">Total</th><td class="n">${formatRand(invoice.total)}</td></tr>`
      : `<tr><th colspan="3">Total excluding VAT</th><td class="n">${formatRand(invoice.net)}</td></tr>
         <tr><th colspan="3">VAT at ${invoice.vatRate}%</th><td class="n">${formatRand(invoice.vat)}</td></tr>
         <tr class="total"><th colspan="3">Total including VAT</th><td class="n">${formatRand(invoice.total)}</td></tr>`
  return `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(invoice.title)} ${escapeHtml(invoice.number)}${invoice.copy ? ' (Copy)' : ''}</title>
<style>
@page { size: A4; margin: 15mm; }
body { font: 11pt/1.4 system-ui, sans-serif; color: #111; margin: 0 auto; max-width: 180mm; padding: 8mm; }
h1 { font-size: 20pt; margin: 0 0 4mm; }
.parties { display: flex; gap: 10mm; justify-content: space-between; margin-bottom: 6mm; }
.parties section { flex: 1; }
h2 { font-size: 10pt; text-transform: uppercase; letter-spacing: .05em; color: #555; margin: 0 0 1mm; }
p { margin: 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0 4mm; margin: 0 0 6mm; }
dt { color: #555; } dd { margin: 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 1px solid #ddd; vertical-align: top; }
thead th { border-bottom: 2px solid #111; }
.n { text-align: right; white-space: nowrap; }
tfoot th { text-align: right; font-weight: normal; }
tfoot .total th, tfoot .total td { font-weight: bold; border-bottom: 2px solid #111; }
footer { margin-top: 6mm; color: #555; font-size: 9pt; }
.cancelled, .credited { border: 2px solid #b91c1c; color: #b91c1c; padding: 2mm 3mm; margin: 0 0 4mm; }
.copy { float: right; border: 2px solid #111; padding: 1mm 4mm; font-weight: bold; text-transform: uppercase; }
</style></head>
<body>
${invoice.copy ? '<p class="copy">Copy</p>' : ''}
<h1>${escapeHtml(invoice.title)}</h1>
${
  invoice.creditedBy
    ? `<p class="cancelled"><strong>Cancelled:</strong> credited in full by credit note ${escapeHtml(invoice.creditedBy.number)} of ${escapeHtml(invoice.creditedBy.date)}${invoice.partlyCreditedBy?.length ? ' with the credit notes below' : ''}.</p>`
    : ''
}
${(invoice.partlyCreditedBy ?? [])
  .map(
    (n) =>
      `<p class="credited"><strong>Short delivery:</strong> ${formatRand(n.amount)} credited by credit note ${escapeHtml(n.number)} of ${escapeHtml(n.date)}.</p>`,
  )
  .join('\n')}
<dl>
<dt>${invoice.credits ? 'Credit note number' : 'Invoice number'}</dt><dd>${escapeHtml(invoice.number)}</dd>
<dt>Date</dt><dd>${escapeHtml(invoice.date)}</dd>
<dt>Order</dt><dd>${escapeHtml(invoice.orderId)}</dd>
<dt>Payment</dt><dd>${escapeHtml(invoice.payment)}</dd>
${invoice.reason ? `<dt>Reason</dt><dd>${escapeHtml(invoice.reason)}</dd>` : ''}
${invoice.due ? `<dt>Payment due</dt><dd>${escapeHtml(invoice.due)}</dd>` : ''}
${invoice.delivery ? `<dt>Delivery date</dt><dd>${escapeHtml(invoice.delivery)}</dd>` : ''}
${invoice.credits ? `<dt>Credits</dt><dd>Invoice ${escapeHtml(invoice.credits.number)} of ${escapeHtml(invoice.credits.date)}</dd>` : ''}
</dl>
<div class="parties">
<section aria-label="Supplier"><h2>From</h2>
<p><strong>${escapeHtml(seller.name)}</strong></p>
${seller.address ? `<p>${multilineHtml(seller.address)}</p>` : ''}
${seller.vatNumber ? `<p>VAT number: ${escapeHtml(seller.vatNumber)}</p>` : ''}
</section>
<section aria-label="Recipient"><h2>To</h2>
${buyer.business ? `<p><strong>${escapeHtml(buyer.business)}</strong></p>` : ''}
<p>${escapeHtml(buyer.name)}</p>
<p>${multilineHtml(buyer.address)}</p>
${buyer.vatNumber ? `<p>VAT number: ${escapeHtml(buyer.vatNumber)}</p>` : ''}
</section>
</div>
<table>
<thead><tr><th>Description</th><th class="n">Quantity</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${vatRows}
</tfoot>
</table>
<footer>${footerOf(invoice)}</footer>
</body></html>
`
}

function footerOf(invoice: Invoice): string {
  if (invoice.credits) {
    const of = `invoice ${escapeHtml(invoice.credits.number)}`
    const credited =
      invoice.credited === 'short-delivery'
        ? `Delivered short: the lines above of ${of} are credited.`
        : invoice.credited === 'rest'
          ? `The order was cancelled: what its short deliveries left of ${of} is credited.`
          : `The order was cancelled: the whole of ${of} is credited.`
    return invoice.vat === null
      ? `Prices in rand. ${credited}`
      : `Prices in rand include VAT at ${invoice.vatRate}%. ${credited} Credit note in terms of section 21 of the Value-Added Tax Act, 1991.`
  }
  return invoice.vat === null
    ? 'Prices in rand.'
    : `Prices in rand include VAT at ${invoice.vatRate}%. ${invoice.kind === 'full' ? 'Full tax invoice' : 'Abridged tax invoice'} in terms of section 20 of the Value-Added Tax Act, 1991.`
}
