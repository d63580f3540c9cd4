import { formatShopDateTime } from '@/shared/dates'
import { formatRand, multiplyCents, toCents, type Cents } from '@/shared/money'
import type { OrderDTO } from './order'
import { invoiceNumberText, paymentLabel } from './receipt'

/**
 * Above this (VAT included) SARS wants a full tax invoice, with the buyer's name, address and VAT
 * number; at or below it an abridged one will do (VAT Act 89 of 1991, s20(4) and s20(5)).
 */
export const FULL_TAX_INVOICE_ABOVE: Cents = 500_000

/** The seller as the invoice names it: today's settings, with the VAT number the order kept. */
export type InvoiceSeller = { shopName: string; shopAddress: string | null }

export type InvoiceLine = { description: string; quantity: number; unit: Cents; amount: Cents }

/** Everything the printed invoice says, worked out from the order as placed. */
export type Invoice = {
  /** "Tax Invoice" from a VAT-registered shop; a shop that was not registered may not say so. */
  title: 'Tax Invoice' | 'Invoice'
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
}

export function invoiceOf(order: OrderDTO, seller: InvoiceSeller): Invoice {
  const total = toCents(order.total)
  const vat = order.vat ? toCents(order.vat.amount) : null
  const lines: InvoiceLine[] = order.items.map((item) => ({
    description: `${item.name} (${item.sku})`,
    quantity: item.quantity,
    unit: toCents(item.price),
    amount: multiplyCents(toCents(item.price), item.quantity),
  }))
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
    kind: !order.vat ? 'not-vat' : total > FULL_TAX_INVOICE_ABOVE ? 'full' : 'abridged',
    number: invoiceNumberText(order.invoiceNumber),
    date: formatShopDateTime(new Date(order.createdAt)),
    orderId: order.orderId,
    seller: {
      name: seller.shopName,
      address: seller.shopAddress,
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
  }
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const multiline = (text: string) => escape(text).replace(/\r?\n/g, '<br>')

/**
 * The invoice as a whole HTML document for A4: printed, or saved as PDF, from the browser. Self
 * contained (no scripts, no fonts, no images), so it prints the same from the owner's dashboard
 * and from a shopper's receipt.
 */
export function invoiceHtml(invoice: Invoice): string {
  const rows = invoice.lines
    .map(
      (l) => `<tr><td>${escape(l.description)}</td><td class="n">${l.quantity}</td>
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
<title>${escape(invoice.title)} ${escape(invoice.number)}</title>
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
</style></head>
<body>
<h1>${escape(invoice.title)}</h1>
<dl>
<dt>Invoice number</dt><dd>${escape(invoice.number)}</dd>
<dt>Date</dt><dd>${escape(invoice.date)}</dd>
<dt>Order</dt><dd>${escape(invoice.orderId)}</dd>
<dt>Payment</dt><dd>${escape(invoice.payment)}</dd>
</dl>
<div class="parties">
<section aria-label="Supplier"><h2>From</h2>
<p><strong>${escape(seller.name)}</strong></p>
${seller.address ? `<p>${multiline(seller.address)}</p>` : ''}
${seller.vatNumber ? `<p>VAT number: ${escape(seller.vatNumber)}</p>` : ''}
</section>
<section aria-label="Recipient"><h2>To</h2>
${buyer.business ? `<p><strong>${escape(buyer.business)}</strong></p>` : ''}
<p>${escape(buyer.name)}</p>
<p>${multiline(buyer.address)}</p>
${buyer.vatNumber ? `<p>VAT number: ${escape(buyer.vatNumber)}</p>` : ''}
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
<footer>${
    invoice.vat === null
      ? 'Prices in rand.'
      : `Prices in rand include VAT at ${invoice.vatRate}%. ${invoice.kind === 'full' ? 'Full tax invoice' : 'Abridged tax invoice'} in terms of section 20 of the Value-Added Tax Act, 1991.`
  }</footer>
</body></html>
`
}
