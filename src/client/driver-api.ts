import type { RunDTO, StopDTO, StopMark } from '@/modules/driver/schemas'
import { forgetAllMarks, forgetMark, queuedMarks, queueMark } from './offline/mark-queue'

/**
 * The driver's calls: the session is an httpOnly cookie these never see. A mark is queued first
 * and sent from the queue, so a tap without signal waits on the phone and goes out once.
 */

export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; error: string }

async function answerOf<T>(res: Response): Promise<Answer<T>> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string }
  if (res.ok) return { ok: true, value: body }
  return { ok: false, status: res.status, error: body.error ?? 'Something went wrong.' }
}

/** Exchanges the link's one-time token for the phone's session. */
export async function openLink(token: string): Promise<Answer<null>> {
  const res = await fetch('/api/driver/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    credentials: 'same-origin',
  })
  if (res.ok) return { ok: true, value: null }
  return (await answerOf<null>(res)) as Answer<null>
}

/**
 * Once the service worker controls the page (it installs after the first visit has loaded),
 * asks for the page through it, which keeps it for when the signal goes. Resolves whether it did.
 */
export async function keepDriverPage(): Promise<boolean> {
  const worker = navigator.serviceWorker
  if (!worker) return false
  if (!worker.controller)
    await new Promise((resolve) =>
      worker.addEventListener('controllerchange', resolve, { once: true }),
    )
  await fetch('/driver', { credentials: 'same-origin' })
  return true
}

export async function fetchRun(): Promise<Answer<RunDTO>> {
  const res = await fetch('/api/driver/run', { credentials: 'same-origin', cache: 'no-store' })
  if (res.status === 401) await forgetAllMarks().catch(() => undefined)
  return answerOf<RunDTO>(res)
}

export async function markStop(orderId: string, mark: StopMark): Promise<void> {
  await queueMark({ key: crypto.randomUUID(), orderId, body: JSON.stringify(mark) })
}

export type SendOutcome = { sent: number; refused: { orderId: string; error: string }[] }

/**
 * Sends every waiting mark, oldest first, each with its own key. A refusal (another phone marked
 * the stop first, 409; bad input) is the shop's last word and leaves the queue; no signal or a
 * 5xx leaves the mark waiting for the next try.
 */
export async function sendMarks(): Promise<SendOutcome & { stops: StopDTO[] }> {
  const outcome: SendOutcome & { stops: StopDTO[] } = { sent: 0, refused: [], stops: [] }
  for (const mark of await queuedMarks()) {
    let res: Response
    try {
      res = await fetch(`/api/driver/stops/${encodeURIComponent(mark.orderId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': mark.key },
        body: mark.body,
        credentials: 'same-origin',
      })
    } catch {
      return outcome
    }
    if (res.status >= 500) return outcome
    const answer = await answerOf<{ stop: StopDTO }>(res)
    await forgetMark(mark.key)
    if (answer.ok) {
      outcome.sent++
      outcome.stops.push(answer.value.stop)
    } else outcome.refused.push({ orderId: mark.orderId, error: answer.error })
    if (res.status === 401) return outcome
  }
  return outcome
}

export { queuedMarks }
