'use client'

import { formatRand, toCents } from '@/shared/money'
import {
  REASON_LABELS,
  SHORT_REASON_LABELS,
  type StopDTO,
  type StopMark,
} from '@/modules/driver/schemas'
import { driverWhatsappLink, mapsLink, telLink } from '@/modules/driver/run-rules'
import { StopActions } from './stop-actions'

type Props = {
  number: number
  stop: StopDTO
  waiting: StopMark | undefined
  onMark: (mark: StopMark) => Promise<void>
}

function outcomeText(mark: StopMark | StopDTO['mark'], stop: StopDTO): string {
  if (!mark) return ''
  if (mark.outcome === 'not-delivered') return `Not delivered: ${REASON_LABELS[mark.reason!]}`
  const cash = mark.cashCollected != null ? `, ${formatRand(toCents(mark.cashCollected))} cash` : ''
  const name = (sku: string) => stop.lines.find((l) => l.sku === sku)?.name ?? sku
  const short = mark.short
    ? `; short (${SHORT_REASON_LABELS[mark.short.reason]}): ` +
      mark.short.lines.map((l) => `${l.quantity} × ${name(l.sku)}`).join(', ')
    : ''
  return `Delivered to ${mark.receivedBy}${cash}${short}`
}

/** One stop: who, where, how to reach them, and what happened there. */
export function StopCard({ number, stop, waiting, onMark }: Props) {
  const delivered = stop.mark?.outcome === 'delivered' || waiting?.outcome === 'delivered'
  const news = delivered ? 'delivered' : 'on-the-way'
  const title = `${number}. ${stop.business ?? stop.customerName}`
  return (
    <article className="driver-stop" aria-label={title} data-order={stop.orderId}>
      <h2>{title}</h2>
      <p>
        {stop.customerName} · {stop.orderId} · {formatRand(toCents(stop.total))}
        {stop.cashDue > 0 && <strong> · Collect {formatRand(toCents(stop.cashDue))} cash</strong>}
      </p>
      {stop.address && <p>{stop.address}</p>}
      <p className="driver-links">
        <a href={telLink(stop.phone)}>Call {stop.customerName}</a>
        <a
          href={driverWhatsappLink(stop.phone, stop.orderId, news)}
          target="_blank"
          rel="noreferrer"
        >
          WhatsApp
        </a>
        <a href={mapsLink(stop.address, stop.areaName)} target="_blank" rel="noreferrer">
          Map
        </a>
      </p>
      {stop.mark ? (
        <p className="driver-done">{outcomeText(stop.mark, stop)}</p>
      ) : waiting ? (
        <p className="driver-pending">{outcomeText(waiting, stop)} (waiting to send)</p>
      ) : (
        <StopActions stop={stop} onMark={onMark} />
      )}
    </article>
  )
}
