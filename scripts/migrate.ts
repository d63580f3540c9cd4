/** `npm run migrate`: apply pending migrations to the configured (or embedded) database. */
import { prepareRuntime } from './lib/runtime'

const runtime = await prepareRuntime()
Object.assign(process.env, runtime.env)
try {
  const [{ getPayload }, { default: config }, { runMigrations, closePayload }] = await Promise.all([
    import('payload'),
    import('../payload.config'),
    import('../src/lib/server/migrate'),
  ])
  const payload = await getPayload({ config })
  await runMigrations(payload)
  await closePayload(payload)
  console.log('Migrations applied.')
} finally {
  await runtime.stop()
}
process.exit(0)
