/** `npm run migrate`: apply pending migrations to the configured (or embedded) database. */
import { withPayload } from './lib/with-payload'

await withPayload(async () => console.log('Migrations applied.'))
process.exit(0)
