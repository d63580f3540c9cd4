import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

/**
 * The database's own folder, which pages and routes do not import: they call a module's
 * operation, which holds the SQL and the pool. Two of its files hold no connection: a serial
 * id's zod schema, and the change feed's state that /api/health reports.
 */
const POOL = {
  group: ['@/platform/db/*', '!@/platform/db/serial-id', '!@/platform/db/change-feed'],
  message: 'Call a module operation: only modules touch the pool and its SQL (src/platform/db).',
}

/**
 * What runs in the browser imports only the browser-safe part of a module (its DTOs, schemas,
 * rules and display), never what reaches the database or the server's request: a repository,
 * the pool, Payload, the driver, Next's request headers or a file marked server-only. A type a
 * browser file needs lives beside the DTOs, not in the repository that fills it.
 */
const SERVER_ONLY = [
  {
    group: [
      '@/modules/**/repository',
      '@/modules/**/*-repository',
      '**/platform/db',
      '**/platform/db/*',
    ],
    message: 'Browser code may not import SQL: take the DTO or schema file of the module instead.',
  },
  {
    group: [
      'payload',
      'payload/*',
      '@payloadcms/*',
      'pg',
      'pg/*',
      'pg-*',
      'next/headers',
      'server-only',
    ],
    message: 'Browser code may not import a server-only package.',
  },
]

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.data/**',
      '.test-data/**',
      'node_modules/**',
      'src/migrations/**',
      'src/payload-types.ts',
      'src/app/(payload)/cms/importMap.js',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  layer('src/app/**', [], [POOL]),
  layer('src/shared/**', ['app', 'components', 'cms', 'boot', 'client', 'modules', 'platform']),
  layer('src/platform/**', ['app', 'components', 'cms', 'boot', 'client', 'modules']),
  layer('src/modules/**', ['app', 'components', 'cms', 'boot', 'client']),
  layer('src/client/**', ['app', 'components', 'cms', 'boot', 'platform'], SERVER_ONLY),
  layer('src/components/**', ['app', 'cms', 'boot', 'platform'], SERVER_ONLY),
  layer('src/cms/**', ['app', 'components', 'boot', 'client']),
  {
    // The journeys' own `test` fails any of them on a Content-Security-Policy violation.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it fails a journey on a CSP violation.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, routes, components and browser code call an operation; only modules touch the pool.
    files: ['src/{app,components,client}/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='pool'][object.property.name='db']",
          message: 'Call a module operation with the shop: only modules reach for its pool.',
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the shop or admin API client in src/client instead.' },
      ],
    },
  },
]

/**
 * A folder that may not import from the folders above it: modules never reach for pages, the
 * panel or the browser; platform knows no domain; shared knows nothing of the shop. (components
 * and client may not import platform at all, so the pool neither.)
 */
function layer(files, forbidden, extra = []) {
  return {
    files: [`${files}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((folder) => ({
              group: [`@/${folder}`, `@/${folder}/*`],
              message: `${files.replace('/**', '')} may not import from src/${folder}.`,
            })),
            ...extra,
          ],
        },
      ],
    },
  }
}

export default config
