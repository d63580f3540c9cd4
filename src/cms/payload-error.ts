import { APIError } from 'payload'

/**
 * An error Payload's REST API answers with this message and status. Payload's error formatter
 * only shows a message when the error has a name, and the production build minifies the class
 * name away ("An unknown error occurred." instead), so the name is set here.
 */
export function payloadError(message: string, status: number) {
  const error = new APIError(message, status, undefined, true)
  error.name = 'ShopRuleError'
  return error
}
