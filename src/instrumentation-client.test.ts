import { describe, expect, it } from 'vitest'

describe('instrumentation-client', () => {
  it("tells zod, loaded after it, not to try eval (refused by the pages' policy)", async () => {
    await import('./instrumentation-client')
    const { config } = await import('zod/v4/core')
    expect(config().jitless).toBe(true)
  })
})
