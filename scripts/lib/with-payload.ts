import type { Payload } from 'payload'

import { START_UP_LOCK_KEY, withConnectionLock } from '../../src/platform/db/advisory-lock'
import { prepareRuntime } from './runtime'

/**
 * Runs `work` with a migrated Payload on the configured (or embedded) database, then closes
 * Payload and stops the database. For one-off scripts such as `npm run seed` and `npm run migrate`.
 * With `startUpLock`, it all runs under the lock a starting server takes, so that a migration
 * never runs twice at once.
 */
export async function withPayload(
  work: (payload: Payload) => Promise<void>,
  options: { startUpLock?: boolean } = {},
): Promise<void> {
  const runtime = await prepareRuntime()
  // Payload's config reads the environment when it is first imported: fill it in before that.
  Object.assign(process.env, runtime.env)
  const run = async () => {
    const [{ getPayload }, { default: config }, { runMigrations, closePayload }] =
      await Promise.all([
        import('payload'),
        import('../../payload.config'),
        import('../../src/platform/db/migrate'),
      ])
    const payload = await getPayload({ config })
    try {
      await runMigrations(payload)
      await work(payload)
    } finally {
      await closePayload(payload)
    }
  }
  try {
    if (options.startUpLock) {
      await withConnectionLock(runtime.env.DATABASE_URL, START_UP_LOCK_KEY, run)
    } else await run()
  } finally {
    await runtime.stop()
  }
}
