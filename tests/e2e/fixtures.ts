import { expect, test as base, type BrowserContext } from '@playwright/test'

/** The violations seen during the test running now, for contexts made outside the fixture. */
let current: string[] | undefined

/**
 * Every journey fails on a Content-Security-Policy violation, in any page or frame of its
 * context or of a context it makes itself: a script the policy refused is a page that does not
 * work for a shopper. Chromium reports each refusal to the console; the page's own
 * `securitypolicyviolation` event says which directive and what was blocked. A test that
 * expects a refusal (a frame another site may not make) names it with `cspExpected`.
 */
export const test = base.extend<{ cspExpected: RegExp | undefined; cspViolations: string[] }>({
  cspExpected: [undefined, { option: true }],
  cspViolations: [
    async ({ browser, context, cspExpected }, use) => {
      const seen: string[] = []
      const watch = (made: BrowserContext) => watchInto(made, seen)
      await watchInto(context, seen)
      browser.on('context', watch)
      current = seen
      // Returns once the test is over, passed or failed.
      await use(seen)
      browser.off('context', watch)
      current = undefined
      const unexpected = seen.filter((violation) => !cspExpected?.test(violation))
      expect(unexpected, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Watches a context the test launched itself (a persistent profile) for the running test. */
export function watchCsp(context: BrowserContext): Promise<void> {
  if (!current) throw new Error('watchCsp is for use inside a test')
  return watchInto(context, current)
}

async function watchInto(context: BrowserContext, seen: string[]): Promise<void> {
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push(`${message.location().url}: ${message.text()}`)
  })
  try {
    await context.exposeBinding('__kcCspViolation', ({ frame }, text: string) =>
      seen.push(`${frame.url()}: ${text}`),
    )
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const report = (window as unknown as { __kcCspViolation?: (text: string) => void })
            .__kcCspViolation
          report?.(
            `securitypolicyviolation ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
          )
        },
        true,
      )
    })
  } catch {
    // A context closed as it was made: the console listener is all it needed.
  }
}
