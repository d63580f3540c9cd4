'use client'

import { useEffect, useState } from 'react'

/** Chrome's event for an installable site; not in TypeScript's DOM types. */
type InstallPromptEvent = Event & { prompt: () => Promise<void> }

const DISMISSED_KEY = 'kc-install-dismissed'

function dismissedForGood(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/**
 * "Install app", offered when the browser says the shop can be installed (Android Chrome's
 * beforeinstallprompt), until the shopper installs it or says "Not now", which is for good.
 */
export function InstallPrompt({ shopName }: { shopName: string }) {
  const [offer, setOffer] = useState<InstallPromptEvent | undefined>()
  useEffect(() => {
    const onOffer = (event: Event) => {
      // Ours is shown instead of the browser's mini-bar.
      event.preventDefault()
      if (!dismissedForGood()) setOffer(event as InstallPromptEvent)
    }
    const onInstalled = () => setOffer(undefined)
    window.addEventListener('beforeinstallprompt', onOffer)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])
  if (!offer) return null
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1')
    } catch {
      // Storage blocked: it is gone for this visit at least.
    }
    setOffer(undefined)
  }
  return (
    <aside className="install-prompt" aria-label="Install app">
      <p>Add {shopName} to your home screen: it opens fast and works without signal.</p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          void offer.prompt().catch(() => undefined)
          setOffer(undefined)
        }}
      >
        Install app
      </button>
      <button type="button" className="button ghost" onClick={dismiss}>
        Not now
      </button>
    </aside>
  )
}
