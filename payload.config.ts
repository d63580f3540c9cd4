import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { AdminTokens } from '@/cms/collections/AdminTokens'
import { DeliveryAreas } from '@/cms/collections/DeliveryAreas'
import { Media } from '@/cms/collections/Media'
import { mediaStorage } from '@/cms/collections/Media/storage'
import { Orders } from '@/cms/collections/Orders'
import { Products } from '@/cms/collections/Products'
import { PriceLists } from '@/cms/collections/PriceLists'
import { TradeAccounts } from '@/cms/collections/TradeAccounts'
import { badInputIsNotAServerError } from '@/cms/collections/shared/input-errors'
import { Users } from '@/cms/collections/Users'
import { env } from '@/env'
import { ShopSettings } from '@/cms/globals/ShopSettings'
import { POOL_LIMITS } from '@/platform/db/pool-limits'
import { migrations } from '@/migrations'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  // Payload's panel and REST/GraphQL live under /cms so that /api belongs to the shop's contract.
  routes: { admin: '/cms', api: '/cms/api', graphQL: '/graphql' },
  admin: {
    user: Users.slug,
    // Gravatar is unreachable offline and would show a broken image.
    avatar: 'default',
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · KC Wholesale CMS' },
  },
  collections: [
    Products,
    DeliveryAreas,
    Orders,
    TradeAccounts,
    PriceLists,
    Media,
    Users,
    AdminTokens,
  ],
  globals: [ShopSettings],
  plugins: [mediaStorage()],
  secret: env().PAYLOAD_SECRET ?? '',
  sharp,
  graphQL: { disablePlaygroundInProduction: true },
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  telemetry: false,
  hooks: { afterError: [badInputIsNotAServerError] },
  // An idle connection that the server drops (a restart) must not take the process down: the
  // pool discards it and opens a new one on the next query. Once per Payload instance.
  onInit: (payload) => {
    payload.db.pool?.on('error', (error) =>
      console.error('Database connection lost:', error.message),
    )
  },
  db: postgresAdapter({
    pool: { connectionString: env().DATABASE_URL, max: env().DB_POOL_MAX, ...POOL_LIMITS },
    // The schema only ever changes through committed migrations, in development too.
    push: false,
    migrationDir: path.resolve(dirname, 'src/migrations'),
    prodMigrations: migrations,
  }),
})
