import { describe, expect, it, vi } from 'vitest'

import { cmsLogger } from './logger'

/** What the hook does with `{ err }` logged at `level`: the calls to info and to the level. */
function logged(err: unknown, level = 50) {
  const info = vi.fn()
  const method = vi.fn()
  const hook = cmsLogger.options.hooks!.logMethod!
  hook.call({ info } as never, [{ err }] as never, method as never, level)
  return { info: info.mock.calls, method: method.mock.calls }
}

const withStatus = (message: string, status: number) =>
  Object.assign(new Error(message), { status })

/** As graphql-js wraps a resolver's error: its own name, the real error inside. */
const graphQLError = (original: Error) =>
  Object.assign(new Error(original.message), { name: 'GraphQLError', originalError: original })

describe('the /cms logger', () => {
  it('logs a GraphQL 4xx as one info line, without its stack', () => {
    const forbidden = graphQLError(withStatus('You are not allowed to perform this action.', 403))
    expect(logged(forbidden)).toEqual({
      info: [[{ msg: 'You are not allowed to perform this action.' }]],
      method: [],
    })
    expect(logged(graphQLError(withStatus('Not Found', 404))).info).toHaveLength(1)
  })

  it('logs a REST 4xx and a refused value of PostgreSQL as info too', () => {
    expect(logged(withStatus('The stock changed', 409)).info).toHaveLength(1)
    const badValue = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }),
    })
    expect(logged(graphQLError(badValue)).info).toHaveLength(1)
  })

  it('logs a server’s own failure as the error it is, stack and all', () => {
    for (const err of [
      withStatus('Something went wrong.', 500),
      graphQLError(withStatus('Something went wrong.', 500)),
      graphQLError(new Error('Cannot read properties of undefined')),
      Object.assign(new Error('could not write to file'), { code: '53100' }),
    ]) {
      const { info, method } = logged(err)
      expect(info, err.message).toEqual([])
      expect(method, err.message).toEqual([[{ err }]])
    }
  })

  it('leaves what is not an error alone', () => {
    expect(logged(withStatus('Forbidden', 403), 30)).toEqual({
      info: [],
      method: [[{ err: withStatus('Forbidden', 403) }]],
    })
    expect(logged(undefined).method).toHaveLength(1)
  })
})
