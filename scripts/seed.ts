/** `npm run seed`: replace products, delivery areas and media with the demo shop, on purpose. */
import { prepareRuntime } from './lib/runtime'

const runtime = await prepareRuntime()
Object.assign(process.env, runtime.env)
try {
  const [{ getPayload }, { default: config }, { runMigrations, closePayload }, { resetDemoShop }] =
    await Promise.all([
      import('payload'),
      import('../payload.config'),
      import('../src/lib/server/migrate'),
      import('../src/seed'),
    ])
  const payload = await getPayload({ config })
  await runMigrations(payload)
  await resetDemoShop(payload)
  await closePayload(payload)
  console.log('Demo shop reset.')
} finally {
  await runtime.stop()
}
process.exit(0)
