import type { Payload } from 'payload'

import { prepareRuntime } from './runtime'

/**
 * Runs `work` with a migrated Payload on the configured (or embedded) database, then closes
 * Payload and stops the database. For one-off scripts such as `npm run seed` and `npm run migrate`.
 */
export async function withPayload(work: (payload: Payload) => Promise<void>): Promise<void> {
  const runtime = await prepareRuntime()
  // Payload's config reads the environment when it is first imported: fill it in before that.
  Object.assign(process.env, runtime.env)
  try {
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
  } finally {
    await runtime.stop()
  }
}
