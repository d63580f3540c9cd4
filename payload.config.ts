import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { CMS_COLLECTIONS } from '@/cms/collections'
import { audited, auditedGlobal } from '@/cms/audit'
import { Users } from '@/cms/collections/Users'
import { mediaStorage } from '@/cms/collections/Media/storage'
import { withQueryChecks } from '@/cms/collections/shared/check-query'
import { badInputIsNotAServerError } from '@/cms/collections/shared/input-errors'
import { cmsLogger } from '@/cms/logger'
import { collectionSavesChangesOnly, globalSavesChangesOnly, writingChangesOnly } from '@/cms/saves'
import { databaseIsPooled, env } from '@/env'
import { ShopSettings } from '@/cms/globals/ShopSettings'
import { withPreferenceDeleteFixed } from '@/cms/preferences'
import { poolConfig } from '@/platform/db/pool-limits'
import { migrations } from '@/migrations'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Every collection's ids and queries checked before Payload runs them, its own collections too;
// and a fix to Payload's own preferences (cms/preferences.ts). Every write to an audited
// collection or the settings names its writer for the audit log first (cms/audit.ts).
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
  // Every save through REST, GraphQL or the panel writes only the fields it changed, so that
  // saves of different fields at once all keep their change (src/cms/saves).
  collections: CMS_COLLECTIONS.map(audited).map(collectionSavesChangesOnly),
  globals: [ShopSettings].map(auditedGlobal).map(globalSavesChangesOnly),
  plugins: [mediaStorage()],
  secret: env().PAYLOAD_SECRET ?? '',
  sharp,
  graphQL: { disablePlaygroundInProduction: true },
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  telemetry: false,
  hooks: { afterError: [badInputIsNotAServerError] },
  // A query the shop refuses (collections/shared/check-query.ts) is the client's mistake: one
  // line in the log, not an error with its stack.
  loggingLevels: { QueryError: 'info' },
  // GraphQL's 4xx too (cms/logger.ts), which the names above cannot reach.
  logger: cmsLogger,
  // An idle connection that the server drops (a restart) must not take the process down: the
  // pool discards it and opens a new one on the next query. Once per Payload instance.
  onInit: (payload) => {
    payload.db.pool?.on('error', (error) =>
      console.error('Database connection lost:', error.message),
    )
  },
  db: writingChangesOnly(
    postgresAdapter({
      pool: poolConfig(env().DATABASE_URL, env().DB_POOL_MAX, databaseIsPooled()),
      // The schema only ever changes through committed migrations, in development too.
      push: false,
      migrationDir: path.resolve(dirname, 'src/migrations'),
      prodMigrations: migrations,
    }),
  ),
})
  .then(withQueryChecks)
  .then(withPreferenceDeleteFixed)
