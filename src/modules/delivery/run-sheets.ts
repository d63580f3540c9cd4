import { escapeHtml, multilineHtml } from '@/shared/html'
import { formatRand, multiplyCents, toCents } from '@/shared/money'
import { invoiceNumberText, paymentLabel } from '@/modules/orders/receipt'
import type { PickingListDTO } from './picking-list'
import type { DeliveryNotesDTO } from './runs'
import { formatDeliveryDate } from './schedule'

/**
 * A run's printed sheets, as whole HTML documents for A4 (printed, or saved as PDF, from the
 * dashboard): the picking list with a tick column, and one delivery note per stop, a page each.
 * Self contained like the invoice (invoice.ts): no scripts, fonts or images.
 */

const STYLE = `
@page { size: A4; margin: 15mm; }
body { font: 11pt/1.4 system-ui, sans-serif; color: #111; margin: 0 auto; max-width: 180mm; padding: 8mm; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 12pt; margin: 4mm 0 1mm; }
p { margin: 0 0 1mm; }
table { width: 100%; border-collapse: collapse; margin-top: 3mm; }
th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 1px solid #ccc; vertical-align: top; }
thead th { border-bottom: 2px solid #111; }
.n { text-align: right; white-space: nowrap; }
.tick { width: 8mm; text-align: center; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 1.5px solid #111; }
.category th { background: #eee; font-weight: bold; }
tfoot th, tfoot td { font-weight: bold; border-bottom: 2px solid #111; }
.note { break-after: page; page-break-after: always; }
.note:last-child { break-after: auto; page-break-after: auto; }
.collect { border: 2px solid #111; padding: 2mm 3mm; margin: 4mm 0; font-size: 13pt; font-weight: bold; }
.sign { display: grid; grid-template-columns: auto 1fr; gap: 7mm 3mm; margin-top: 10mm; align-items: end; }
.line { border-bottom: 1px solid #111; height: 7mm; }
.muted { color: #555; }
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>
${body}
</body></html>
`
}

/** The picking list: a row per product, grouped by category, with a box to tick when picked. */
export function pickingListHtml(list: PickingListDTO, shopName: string): string {
  const rows: string[] = []
  let category: string | null | undefined
  for (const line of list.lines) {
    if (line.category !== category) {
      category = line.category
      rows.push(
        `<tr class="category"><th colspan="5">${escapeHtml(category ?? 'No longer in the catalogue')}</th></tr>`,
      )
    }
    const caseNote = line.caseSize && line.caseSize > 1 ? ` (case of ${line.caseSize})` : ''
    rows.push(`<tr><td class="tick"><span class="box" aria-label="Picked"></span></td>
<td>${escapeHtml(line.sku)}</td><td>${escapeHtml(line.name)}<span class="muted">${caseNote}</span></td>
<td>${escapeHtml(line.quantity)}</td><td class="n">${line.units}</td></tr>`)
  }
  const title = `Picking list: ${list.areaName}, ${formatDeliveryDate(list.date)}`
  return page(
    title,
    `<h1>Picking list</h1>
<p><strong>${escapeHtml(list.areaName)}</strong>, ${escapeHtml(formatDeliveryDate(list.date))}</p>
<p class="muted">${escapeHtml(shopName)}: ${list.orders} ${list.orders === 1 ? 'order' : 'orders'}</p>
<table>
<thead><tr><th class="tick">✓</th><th>SKU</th><th>Product</th><th>Quantity</th><th class="n">Units</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot><tr><th colspan="4">Total units</th><td class="n">${list.units}</td></tr></tfoot>
</table>`,
  )
}

/** Every stop's delivery note, a page each: the lines, what to collect, who received it. */
export function deliveryNotesHtml(run: DeliveryNotesDTO, shopName: string): string {
  const day = formatDeliveryDate(run.date)
  const notes = run.notes.map(({ position, order, collect }) => {
    const customer = order.customer
    const lines = order.items
      .map(
        (item) => `<tr><td class="n">${item.quantity}</td><td>${escapeHtml(item.name)}</td>
<td>${escapeHtml(item.sku)}</td><td class="n">${formatRand(multiplyCents(toCents(item.price), item.quantity))}</td></tr>`,
      )
      .join('\n')
    const due =
      collect > 0
        ? `<p class="collect">Amount to collect: ${formatRand(toCents(collect))} (cash)</p>`
        : `<p class="collect">Nothing to collect: ${order.paid ? 'paid' : escapeHtml(paymentLabel(order.payment))}</p>`
    return `<section class="note" aria-label="Delivery note ${escapeHtml(order.orderId)}">
<h1>Delivery note</h1>
<p class="muted">${escapeHtml(shopName)}: stop ${position} of ${run.notes.length}, ${escapeHtml(run.areaName)}, ${escapeHtml(day)}</p>
<p>Order <strong>${escapeHtml(order.orderId)}</strong>, invoice ${escapeHtml(invoiceNumberText(order.invoiceNumber))}</p>
<h2>Deliver to</h2>
${customer.business ? `<p><strong>${escapeHtml(customer.business)}</strong></p>` : ''}
<p>${escapeHtml(customer.name)}, ${escapeHtml(customer.phone)}</p>
<p>${multilineHtml(customer.address ?? order.areaName)}</p>
${order.note ? `<p class="muted">Note: ${escapeHtml(order.note)}</p>` : ''}
<table>
<thead><tr><th class="n">Qty</th><th>Item</th><th>SKU</th><th class="n">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot>
${toCents(order.fee) > 0 ? `<tr><td colspan="3">Delivery</td><td class="n">${formatRand(toCents(order.fee))}</td></tr>` : ''}
<tr><th colspan="3">Total</th><td class="n">${formatRand(toCents(order.total))}</td></tr>
</tfoot>
</table>
${due}
<div class="sign">
<span>Received by</span><span class="line"></span>
<span>Signature</span><span class="line"></span>
<span>Date and time</span><span class="line"></span>
</div>
</section>`
  })
  return page(`Delivery notes: ${run.areaName}, ${day}`, notes.join('\n'))
}
