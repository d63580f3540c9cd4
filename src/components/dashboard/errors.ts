import type { ToastMessage } from '@/components/ui/toast'
import { isUnauthorized, serverMessage } from '@/client/admin-api'

/**
 * The spec's rule for failed owner actions: the server's message, or the fallback; a message
 * that contains "Unauthorized" shows no toast (the session-expired flow has already spoken).
 */
export function failureToast(
  error: unknown,
  title: string,
  fallback: string,
): ToastMessage | undefined {
  if (isUnauthorized(error)) return undefined
  return { title, description: serverMessage(error) ?? fallback, variant: 'error' }
}
