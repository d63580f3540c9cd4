'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import type { RunDTO, StopMark } from '@/modules/driver/schemas'
import {
  fetchRun,
  keepDriverPage,
  markStop,
  openLink,
  queuedMarks,
  sendMarks,
} from '@/client/driver-api'

/** How often waiting marks are tried again, in case the browser never says it is online. */
const RETRY_MS = 10_000

export type Waiting = Map<string, StopMark>

/**
 * The driver's run on the phone: opens the link once (the token leaves the address bar), reads
 * the run (the service worker's kept copy without signal), and sends the marks from the queue
 * whenever the signal may be back: at once, on `online`, and every RETRY_MS.
 */
export function useDriverRun() {
  const [run, setRun] = useState<RunDTO | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ended, setEnded] = useState(false)
  const [waiting, setWaiting] = useState<Waiting>(new Map())
  const sending = useRef(false)

  const showWaiting = useCallback(async () => {
    const marks = await queuedMarks().catch(() => [])
    setWaiting(new Map(marks.map((m) => [m.orderId, JSON.parse(m.body) as StopMark])))
  }, [])

  const load = useCallback(async () => {
    const answer = await fetchRun().catch(() => undefined)
    if (!answer) return
    if (answer.ok) return setRun(answer.value)
    if (answer.status === 401) setEnded(true)
    else setError(answer.error)
  }, [])

  const flush = useCallback(async () => {
    if (sending.current) return
    sending.current = true
    try {
      const { sent, refused } = await sendMarks()
      if (refused.length) setError(refused.map((r) => `${r.orderId}: ${r.error}`).join(' '))
      if (sent || refused.length) await load()
    } finally {
      sending.current = false
      await showWaiting()
    }
  }, [load, showWaiting])

  useEffect(() => {
    const start = async () => {
      const token = new URLSearchParams(location.search).get('token')
      if (token) {
        history.replaceState(null, '', '/driver')
        const opened = await openLink(token).catch(() => undefined)
        if (opened && !opened.ok && opened.status !== 400) setError(opened.error)
      }
      await load()
      await flush()
      // The first visit came before the service worker: once it controls the page, the page
      // and the run are asked for again through it, which keeps them for when the signal goes.
      if (await keepDriverPage().catch(() => false)) await load()
    }
    void start()
    const online = () => void flush()
    window.addEventListener('online', online)
    const timer = setInterval(online, RETRY_MS)
    return () => {
      window.removeEventListener('online', online)
      clearInterval(timer)
    }
  }, [load, flush])

  const mark = useCallback(
    async (orderId: string, stopMark: StopMark) => {
      setError(null)
      await markStop(orderId, stopMark)
      await showWaiting()
      await flush()
    },
    [flush, showWaiting],
  )

  return { run, error, ended, waiting, mark }
}
