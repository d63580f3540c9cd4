import { addCents, fromCents, multiplyCents, type Cents } from '@/shared/money'
import { addDays, startOfShopDay } from '@/shared/dates'
import { customerWhatsappLink } from '@/modules/orders/fulfilment'
import type { CashFigures, LinkState } from './schemas'

/**
 * The driver's phone's pure rules: when a link ends, what state it is in, a run's cash, and the
 * links a stop's buttons open. Browser-safe.
 */

/** A link, and the session it is exchanged for, last until the end of its delivery day. */
export function linkEndsAt(runDate: string): Date {
  return startOfShopDay(addDays(runDate, 1))
}

export function linkState(
  link: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): LinkState {
  if (link.revokedAt) return 'revoked'
  if (link.expiresAt <= now) return link.usedAt ? 'used-up' : 'expired'
  return link.usedAt ? 'in-use' : 'waiting'
}

/**
 * What is collected at the door: what a cash order still owes while it is unpaid, its total less
 * what its short deliveries' credit notes took off, to the cent (never below 0).
 */
export function cashDueOf(stop: {
  payment: string
  paid: boolean
  total: Cents
  credited: Cents
}): Cents {
  if (stop.payment !== 'cash' || stop.paid) return 0
  return Math.max(0, stop.total - stop.credited)
}

/**
 * The cash to collect once some units are short: the cash due less what their credit note will
 * credit, each line at the unit price the order charged (as the credit note works it out).
 */
export function cashAfterShort(
  cashDue: Cents,
  lines: readonly { sku: string; price: Cents }[],
  short: readonly { sku: string; quantity: number }[],
): Cents {
  if (cashDue === 0) return 0
  const credit = short.reduce((sum, s) => {
    const line = lines.find((l) => l.sku === s.sku)
    return line ? sum + multiplyCents(line.price, s.quantity) : sum
  }, 0)
  return Math.max(0, cashDue - credit)
}

/**
 * A run's cash in integer cents: what its delivered stops had to collect (a cash order's total,
 * unpaid when delivered) and what the driver recorded collecting. A stop not delivered expects
 * nothing. The difference is collected less expected: short is negative.
 */
export function cashOfRun(
  marks: readonly { outcome: string; cashDue: Cents; cashCollected: Cents | null }[],
): { expected: Cents; collected: Cents; difference: Cents } {
  const delivered = marks.filter((m) => m.outcome === 'delivered')
  const expected = addCents(...delivered.map((m) => m.cashDue))
  const collected = addCents(...delivered.map((m) => m.cashCollected ?? 0))
  return { expected, collected, difference: collected - expected }
}

export function cashFigures(cash: {
  expected: Cents
  collected: Cents
  difference: Cents
}): CashFigures {
  return {
    expected: fromCents(cash.expected),
    collected: fromCents(cash.collected),
    difference: fromCents(cash.difference),
  }
}

/** The customer's WhatsApp message from the driver. */
export function driverMessage(orderId: string, news: 'on-the-way' | 'delivered'): string {
  return news === 'on-the-way'
    ? `Your order ${orderId} is on its way`
    : `Your order ${orderId} was delivered`
}

export function driverWhatsappLink(
  phone: string,
  orderId: string,
  news: 'on-the-way' | 'delivered',
): string {
  return customerWhatsappLink(phone, driverMessage(orderId, news))
}

/** tel: with the number's digits and a leading +, as a phone's dialler takes it. */
export function telLink(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : ''
  return `tel:${plus}${phone.replace(/\D/g, '')}`
}

/** A maps search for the stop: its address in its area, or the area alone. */
export function mapsLink(address: string | null, areaName: string): string {
  const query = address ? `${address}, ${areaName}` : areaName
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}
