'use client'

import { formatRand, toCents } from '@/shared/money'
import { formatDeliveryDay } from '@/modules/delivery/schedule'
import { StopCard } from './stop-card'
import { useDriverRun } from './use-driver-run'

/** The driver's phone: the run's stops in order, each marked where the driver is. */
export function DriverRun() {
  const { run, error, ended, waiting, mark } = useDriverRun()
  if (ended)
    return (
      <main className="driver">
        <h1>Run ended</h1>
        <p role="alert">This link has ended. Ask the shop for a new one.</p>
      </main>
    )
  if (!run)
    return (
      <main className="driver">
        <h1>Delivery run</h1>
        <p role="status">{error ?? 'Loading the run…'}</p>
      </main>
    )
  const done = run.stops.filter((s) => s.mark || waiting.has(s.orderId)).length
  return (
    <main className="driver">
      <header>
        <h1>
          {run.areaName}, {formatDeliveryDay(run.date)}
        </h1>
        <p>
          Driver: {run.driverName} · {done} of {run.stops.length} stops done
        </p>
      </header>
      <p role="status" className="driver-waiting">
        {waiting.size > 0
          ? `Waiting to send: ${waiting.size} ${waiting.size === 1 ? 'mark' : 'marks'}. They go when the signal returns.`
          : ''}
      </p>
      {error && (
        <p role="alert" className="driver-error">
          {error}
        </p>
      )}
      <ol className="driver-stops">
        {run.stops.map((stop, i) => (
          <li key={stop.orderId}>
            <StopCard
              number={i + 1}
              stop={stop}
              waiting={waiting.get(stop.orderId)}
              onMark={(m) => mark(stop.orderId, m)}
            />
          </li>
        ))}
      </ol>
      <section aria-labelledby="cash-title" className="driver-cash">
        <h2 id="cash-title">Cash</h2>
        <p>
          Expected {formatRand(toCents(run.cash.expected))} · Collected{' '}
          {formatRand(toCents(run.cash.collected))}
        </p>
      </section>
    </main>
  )
}
