/**
 * `npm run migrate`: apply pending migrations to the configured (or embedded) database, on
 * DATABASE_DIRECT_URL when it is set, under the start-up lock. A starting server that already
 * holds that lock runs this with --under-start-up-lock (src/boot/migrate-directly.ts).
 */
import { withPayload } from './lib/with-payload'

await withPayload(async () => console.log('Migrations applied.'), {
  startUpLock: !process.argv.includes('--under-start-up-lock'),
})
process.exit(0)
