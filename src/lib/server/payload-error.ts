import { APIError } from 'payload'

/**
 * An error Payload's REST API answers with this message and status. Payload only shows an
 * APIError's message when it carries `data`: its other branch reads the class name, which the
 * production build minifies away, and says "An unknown error occurred." instead.
 */
export function payloadError(message: string, status: number): APIError {
  return new APIError(message, status, { message }, true)
}
