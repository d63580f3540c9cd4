import { defaultLoggerOptions, type Config } from 'payload'

import { isRequestMistake } from '@/cms/collections/shared/input-errors'

type LoggerWithOptions = Extract<NonNullable<Config['logger']>, { options: unknown }>

/**
 * Payload's logger as Payload makes it (pretty lines on stdout), with one change: an error that
 * is the request's own mistake (a 4xx) is one line at info, never an error with its stack.
 * Payload's REST handler already does this by the error's name (`loggingLevels`), but its
 * GraphQL handler logs every error a resolver throws under the name "GraphQLError", with the
 * real error and its status inside: a 403 to an anonymous query was an ERROR and 15 stack lines.
 * A server's own failure (a 5xx) is logged as before.
 */
export const cmsLogger: LoggerWithOptions = {
  destination: defaultLoggerOptions,
  options: {
    hooks: {
      logMethod(args, method, level) {
        const [first] = args as unknown[]
        const err = first && typeof first === 'object' ? (first as { err?: unknown }).err : null
        // pino's "error" is 50 and "fatal" 60.
        if (level >= 50 && isRequestMistake(err)) {
          return this.info({ msg: (err as Error).message })
        }
        return method.apply(this, args)
      },
    },
  },
}
