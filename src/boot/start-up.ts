import { requireEnv } from '@/env'
import { seedIfEmpty } from '@/boot/seed'
import { startChangeFeed } from '@/platform/db/change-feed'
import { isDatabaseUnavailable } from '@/platform/http/http'
import { runMigrations } from '@/platform/db/migrate'
import { withConnectionLock } from '@/platform/db/advisory-lock'
import { getShop } from '@/cms/payload'
import { CANNOT_START_EXIT_CODE } from './exit-codes'
import { tellSupervisorReady } from './supervision'

const RETRY_MS = 2000

/** Route handlers and instrumentation are bundled apart: the state lives on globalThis. */
const state = ((
  globalThis as unknown as { __kcStartUp?: { done: boolean; waited: boolean } }
).__kcStartUp ??= { done: false, waited: false })

/**
 * Whether start-up has finished. Until then the health check says not ready, so that a load
 * balancer (or the launcher's own wait) sends no shopper to a shop still being seeded.
 */
export function startedUp(): boolean {
  return state.done
}

/**
 * What a process does once before it serves: the schema migrated, the demo shop seeded on an
 * empty database, and the change feed listening. Production migrates inside Payload's own start
 * (prodMigrations); development does it here, because the schema never changes by push.
 *
 * A database that is not there yet (a managed server still starting) must not leave a process
 * that answers nothing but Next's bare 500s, as a failed register() does: the server starts
 * anyway, requests answer 503 with Retry-After, and this tries again every 2 s. Any other
 * failure (a wrong password, a broken migration) stops the process with its message.
 */
export async function startShop(): Promise<void> {
  await prepare().catch(waitOrStop)
}

function waitOrStop(error: unknown): void {
  if (!isDatabaseUnavailable(error)) {
    console.error('The shop could not start:', error)
    process.exit(CANNOT_START_EXIT_CODE)
  }
  if (!state.waited) {
    const reason = error instanceof Error ? error.message : String(error)
    console.error(
      `The database is not reachable (${reason}): answering 503 and trying again every ${RETRY_MS / 1000} s.`,
    )
    state.waited = true
  }
  setTimeout(() => void prepare().catch(waitOrStop), RETRY_MS).unref()
}

async function prepare(): Promise<void> {
  // Payload migrates as it starts (prodMigrations) and takes no lock: two processes starting at
  // once on a new database would both run the first migration, and one would fail. The lock's
  // own connection also comes first for a reason of its own: Payload's failed start hides the
  // driver's error code behind a message of its own (a wrong password would look like a server
  // still starting) and logs a page for every try.
  const payload = await withConnectionLock(
    requireEnv('DATABASE_URL'),
    START_UP_LOCK_KEY,
    async () => {
      const shop = await getShop()
      if (process.env.NODE_ENV !== 'production') await runMigrations(shop)
      await seedIfEmpty(shop)
      return shop
    },
  )
  startChangeFeed(requireEnv('DATABASE_URL'))
  const { totalDocs: staff } = await payload.count({ collection: 'users', overrideAccess: true })
  if (staff === 0) {
    console.log('No /cms account yet: open /cms/setup and give the owner token to create one.')
  }
  if (state.waited) console.log('The database is reachable: the shop is ready.')
  state.done = true
  tellSupervisorReady()
}

/** Any number: it only has to differ from other advisory locks this database sees. */
const START_UP_LOCK_KEY = 4_020_510
