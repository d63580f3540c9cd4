import { spawn } from 'node:child_process'

import { pendingMigrations } from '@/platform/db/migrate'

/**
 * Runs the pending migrations on DATABASE_DIRECT_URL when DATABASE_URL is a transaction
 * pooler: this process's Payload connects through the pooler, so `npm run migrate` does the
 * work in a process of its own, with DATABASE_URL set to the direct connection. The caller
 * holds the start-up lock, which the child is told not to take again.
 */
export async function migrateDirectly(directUrl: string): Promise<void> {
  const pending = await pendingMigrations(directUrl)
  if (pending === 0) return
  console.log(`Applying ${pending} migration(s) on DATABASE_DIRECT_URL.`)
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: directUrl }
  delete env.DATABASE_DIRECT_URL
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/migrate.ts', '--under-start-up-lock'],
      { env, stdio: 'inherit' },
    )
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) {
    throw new Error(`The migrations on DATABASE_DIRECT_URL failed (exit code ${code}): see above.`)
  }
}
