import type { AfterErrorHook } from 'payload'

/**
 * SQLSTATEs that mean the request's own values could not be used: a data exception (class 22:
 * `where[id][in]=a`, an unknown category in a filter, a date that is not one) or a value of the
 * wrong type for its column or operator (42804, 42883). Payload lets them through as 500s.
 */
const BAD_INPUT = /^(22|42804$|42883$)/

/** Payload's answer to a request whose values PostgreSQL refused: a 400, not a 500. */
export const badInputIsNotAServerError: AfterErrorHook = ({ error }) => {
  const code = sqlState(error)
  if (!code || !BAD_INPUT.test(code)) return
  return {
    status: 400,
    response: {
      errors: [
        {
          message:
            'A value in the request does not fit its field (an id that is not a number, an unknown option, a date that is not one).',
        },
      ],
    },
  }
}

/**
 * An error that a request's own values or rights caused: a 4xx status (Payload's APIError, or
 * the one inside a GraphQL error) or a SQLSTATE of bad input, which the hook above answers 400.
 */
export function isRequestMistake(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { status } = e as { status?: unknown }
    if (typeof status === 'number') return status >= 400 && status < 500
    e = (e as { originalError?: unknown }).originalError
  }
  const code = sqlState(error)
  return code !== undefined && BAD_INPUT.test(code)
}

/** The SQLSTATE under an error: PostgreSQL's own, or Drizzle's and GraphQL's wrapping of it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { code, cause, originalError } = e as {
      code?: unknown
      cause?: unknown
      originalError?: unknown
    }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = cause ?? originalError
  }
  return undefined
}
