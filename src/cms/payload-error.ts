import { APIError } from 'payload'

/**
 * An error Payload's REST API answers with this message and status. Payload's error formatter
 * only shows a message when the error has a name, and the production build minifies the class
 * name away ("An unknown error occurred." instead), so the name is set here. Payload logs an
 * error with its stack unless its name has a quieter level (`loggingLevels` in payload.config.ts):
 * a request's own mistake is named as Payload names its kind (`NotFound`, `QueryError`).
 */
export function payloadError(
  message: string,
  status: number,
  name: 'ShopRuleError' | 'NotFound' | 'QueryError' = 'ShopRuleError',
) {
  const error = new APIError(message, status, undefined, true)
  error.name = name
  return error
}
