import { databaseIsPooled, directDatabaseUrl } from '@/env'
import { seedIfEmpty } from '@/boot/seed'
import { startChangeFeed } from '@/platform/db/change-feed'
import { connectionHint } from '@/platform/db/connection-hint'
import { isDatabaseUnavailable } from '@/platform/http/http'
import { runMigrations } from '@/platform/db/migrate'
import { expectLimits } from '@/platform/db/pool-limits'
import { START_UP_LOCK_KEY, withConnectionLock } from '@/platform/db/advisory-lock'
import { getShop } from '@/cms/payload'
import { CANNOT_START_EXIT_CODE } from './exit-codes'
import { migrateDirectly } from './migrate-directly'
import { settleOwnerToken } from './owner-token'
import { tellSupervisorReady } from './supervision'
import { startPayfastSweep } from '@/modules/payfast/timeout'

const RETRY_MS = 2000

/** Route handlers and instrumentation are bundled apart: the state lives on globalThis. */
const state = ((
  globalThis as unknown as { __kcStartUp?: { done: boolean; waited: boolean; hint?: string } }
).__kcStartUp ??= { done: false, waited: false })

/**
 * Whether start-up has finished. Until then the health check says not ready, so that a load
 * balancer (or the launcher's own wait) sends no shopper to a shop still being seeded.
 */
export function startedUp(): boolean {
  return state.done
}

/** Why start-up keeps failing, when the database's answer says what to change (health shows it). */
export function startUpHint(): string | undefined {
  return state.hint
}

/**
 * What a process does once before it serves: the schema migrated, the demo shop seeded on an
 * empty database, the owner token settled (owner-token.ts), and the change feed listening.
 * Production migrates inside Payload's own start (prodMigrations); development does it here,
 * because the schema never changes by push.
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
  // A pooler in the way is fixed in the settings, not by a restart: the shop answers 503 with
  // the hint, and starts once the settings (or the pooler's) are right.
  const hint = connectionHint(error)
  if (!hint && !isDatabaseUnavailable(error)) {
    console.error('The shop could not start:', error)
    process.exit(CANNOT_START_EXIT_CODE)
  }
  if (!state.waited || hint !== state.hint) {
    const reason = error instanceof Error ? error.message : String(error)
    const retrying = `answering 503 and trying again every ${RETRY_MS / 1000} s.`
    console.error(
      hint
        ? `The shop cannot use the database: ${hint} Until then ${retrying}`
        : `The database is not reachable (${reason}): ${retrying}`,
    )
    state.waited = true
    state.hint = hint
  }
  setTimeout(() => void prepare().catch(waitOrStop), RETRY_MS).unref()
}

async function prepare(): Promise<void> {
  // Payload migrates as it starts (prodMigrations) and takes no lock: two processes starting at
  // once on a new database would both run the first migration, and one would fail. The lock's
  // own connection also comes first for a reason of its own: Payload's failed start hides the
  // driver's error code behind a message of its own (a wrong password would look like a server
  // still starting) and logs a page for every try.
  const pooled = databaseIsPooled()
  const payload = await withConnectionLock(directDatabaseUrl(), START_UP_LOCK_KEY, async () => {
    // Through a transaction pooler the migrations run beforehand on the direct connection, and
    // Payload's own run finds nothing left to do.
    if (pooled) await migrateDirectly(directDatabaseUrl())
    const shop = await getShop()
    if (!pooled) await expectLimits(shop.db.pool)
    if (process.env.NODE_ENV !== 'production') await runMigrations(shop)
    await seedIfEmpty(shop)
    await settleOwnerToken(shop.db.pool)
    return shop
  })
  await startChangeFeed({ listenUrl: directDatabaseUrl(), pool: payload.db.pool })
  startPayfastSweep(payload)
  const { totalDocs: staff } = await payload.count({ collection: 'users', overrideAccess: true })
  if (staff === 0) {
    console.log('No /cms account yet: open /cms/setup and give the owner token to create one.')
  }
  if (state.waited) console.log('The database is reachable: the shop is ready.')
  state.hint = undefined
  state.done = true
  tellSupervisorReady()
}
