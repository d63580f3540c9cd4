'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import { newOrders } from '@/client/admin-api'

/** One short indexed count per dashboard every 10 s: new orders show without hammering. */
export const NEW_ORDER_POLL_MS = 10_000
const SOUND_STORAGE = 'kc-new-order-sound'

export type NewOrders = {
  /** Orders that came in since the owner last opened the Orders tab. */
  count: number
  /**
   * When the newest order came in, on the server's clock (null: no orders yet; undefined: not
   * asked yet): the Orders tab reloads when it moves.
   */
  latest: string | null | undefined
  markSeen: () => void
  sound: boolean
  setSound: (on: boolean) => void
}

/**
 * Watches for new orders while the owner is logged in (`active`): polls GET
 * /api/admin/orders/new, counts what came in since the Orders tab was last opened, shows that
 * count in the window's title, and plays a short tone for each arrival if the owner asked.
 */
export function useNewOrders(active: boolean): NewOrders {
  const [count, setCount] = useState(0)
  const [latest, setLatest] = useState<string | null | undefined>(undefined)
  // Read once in the browser; the server never renders the Orders tab, which shows it.
  const [sound, setSoundState] = useState(
    () => typeof window !== 'undefined' && localStorage.getItem(SOUND_STORAGE) === 'on',
  )
  const seen = useRef<string | null | undefined>(undefined)
  const soundOn = useRef(sound)

  const setSound = useCallback((on: boolean) => {
    soundOn.current = on
    setSoundState(on)
    localStorage.setItem(SOUND_STORAGE, on ? 'on' : 'off')
  }, [])

  useEffect(() => {
    if (!active) return
    let stopped = false
    const poll = async () => {
      try {
        const since = seen.current
        const news = await newOrders(since)
        if (stopped) return
        // The first answer is the starting point: orders before it are not new.
        if (since === undefined) seen.current = news.latest
        setLatest(news.latest)
        setCount((before) => {
          if (news.count > before && soundOn.current) chime()
          return since === undefined ? 0 : news.count
        })
      } catch {
        // A failed poll is tried again at the next tick; the tab's own load reports errors.
      }
    }
    void poll()
    const timer = setInterval(() => void poll(), NEW_ORDER_POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [active])

  useEffect(() => {
    const base = document.title.replace(/^\(\d+ new\) /, '')
    document.title = count > 0 ? `(${count} new) ${base}` : base
  }, [count])

  const markSeen = useCallback(() => {
    if (latest !== undefined) seen.current = latest
    setCount(0)
  }, [latest])

  return { count, latest, markSeen, sound, setSound }
}

/** A short two-note tone made in the browser: no sound file to download. */
function chime() {
  try {
    const audio = new AudioContext()
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator()
      const gain = audio.createGain()
      tone.frequency.value = frequency
      gain.gain.setValueAtTime(0.15, audio.currentTime + i * 0.15)
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.15 + 0.14)
      tone.connect(gain).connect(audio.destination)
      tone.start(audio.currentTime + i * 0.15)
      tone.stop(audio.currentTime + i * 0.15 + 0.15)
    }
    setTimeout(() => void audio.close(), 600)
  } catch {
    // No audio on this device: the count in the title and on the tab still says it.
  }
}
