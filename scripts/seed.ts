/** `npm run seed`: replace products, delivery areas and media with the demo shop, on purpose. */
import { withPayload } from './lib/with-payload'

await withPayload(async (payload) => {
  const { resetDemoShop } = await import('../src/boot/seed')
  await resetDemoShop(payload)
  console.log('Demo shop reset.')
})
process.exit(0)
