import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

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
  layer('src/shared/**', ['app', 'components', 'cms', 'boot', 'client', 'modules', 'platform']),
  layer('src/platform/**', ['app', 'components', 'cms', 'boot', 'client', 'modules']),
  layer('src/modules/**', ['app', 'components', 'cms', 'boot', 'client']),
  layer('src/client/**', ['app', 'components', 'cms', 'boot', 'platform']),
  layer('src/components/**', ['app', 'cms', 'boot', 'platform']),
  layer('src/cms/**', ['app', 'components', 'boot', 'client']),
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
 * panel or the browser; platform knows no domain; shared knows nothing of the shop.
 */
function layer(files, forbidden) {
  return {
    files: [`${files}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((folder) => ({
            group: [`@/${folder}`, `@/${folder}/*`],
            message: `${files.replace('/**', '')} may not import from src/${folder}.`,
          })),
        },
      ],
    },
  }
}

export default config
