/** A host name and port as a browser sends them: anything else is not used to build links. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/

/**
 * The origin links to this shop are built on: PUBLIC_URL when set, otherwise the request's own
 * Host (and, behind a trusted proxy, the scheme it says the client used).
 */
export function originOf(
  request: { host: string | null; forwardedProto: string | null },
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL
  const host = request.host ?? ''
  const scheme = config.TRUST_PROXY > 0 && request.forwardedProto === 'https' ? 'https' : 'http'
  return `${scheme}://${HOST.test(host) ? host : 'localhost'}`
}
