import { isIP } from 'node:net'

/** Longer than any IPv6 text with a zone: anything past it is not an address a proxy wrote. */
export const MAX_CLIENT_LENGTH = 64

/**
 * The client address the shop trusts, from the socket's peer and X-Forwarded-For. With
 * `trustedProxies` = N, the N proxies in front of the shop each appended the address they saw,
 * so the client is the Nth entry from the right; entries further left were written by the client
 * and are never read. With no trusted proxy the socket's peer is the client. IPv6 clients are
 * grouped by their /64, the block one subscriber is given, so one line cannot rotate addresses.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | null | undefined,
  trustedProxies: number,
): string {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress ?? '',
  ]
  const chosen = chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? ''
  return normalise(chosen)
}

function normalise(address: string): string {
  const bare = address
    .replace(/^\[([^\]]*)\](:\d+)?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')
  if (isIP(bare) === 4) return bare
  if (isIP(bare) === 6) return `${ipv6Prefix64(bare)}::/64`
  return bare ? `other:${bare.slice(0, MAX_CLIENT_LENGTH - 6)}` : 'unknown'
}

/** The first four groups of an IPv6 address, with `::` expanded. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right]
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')
}
