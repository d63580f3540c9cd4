import { describe, expect, it } from 'vitest'

import { errorResponse, isDatabaseUnavailable } from './http'

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code })

describe('a database that cannot take the request now', () => {
  it.each([
    ['53100', 'disk full'],
    ['53200', 'out of memory'],
    ['53300', 'too many connections'],
    ['57014', 'statement timeout'],
    ['55P03', 'lock timeout'],
    ['57P01', 'admin shutdown'],
    ['08006', 'connection failure'],
  ])('%s (%s) is a 503 with Retry-After, even wrapped by the ORM', async (code) => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError(code) })
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
    const res = errorResponse(wrapped)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(((await res.json()) as { error: string }).error).toMatch(/not available right now/)
  })

  it.each(['23505', '22P02', '42P01', '40001'])('%s is not: the request itself failed', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(false)
  })
})
