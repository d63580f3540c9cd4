'use client'

import { useCallback } from 'react'

import { useToast, type ToastMessage } from '@/components/ui/toast'
import { failureToast } from './errors'

export type ActionTexts<T> = {
  /** The success toast's title, or the whole toast made from the answer; none when left out. */
  done?: string | ((answer: T) => ToastMessage)
  /** The failure toast's description when the server gives no message. */
  failed: string
}

/**
 * "Send, toast, refresh", as every owner's change does it: `send` the call (and take its
 * answer), then say it worked and await `refresh` (the view's reload); on failure say what the
 * server said (or `failed`) under "Error", except after a 401, which the session-expired flow
 * has already shown. Resolves whether the change was made.
 */
export function useAdminAction(refresh?: () => unknown) {
  const toast = useToast()
  return useCallback(
    async <T>(send: () => Promise<T>, texts: ActionTexts<T>): Promise<boolean> => {
      try {
        const answer = await send()
        const { done } = texts
        if (done)
          toast(typeof done === 'string' ? { title: done, variant: 'success' } : done(answer))
        await refresh?.()
        return true
      } catch (err) {
        const message = failureToast(err, 'Error', texts.failed)
        if (message) toast(message)
        return false
      }
    },
    [toast, refresh],
  )
}
