import { createHash } from 'node:crypto'

/**
 * What a priced answer says of the sign-in it was priced for (the `x-kc-sign-in` header): a tag
 * that names this sign-in and no other, and when it ends (epoch ms). The service worker keeps a
 * priced copy under it and shows it without signal only until then, and only while no later
 * answer has named another (docs/offline.md). The tag is not the cookie, which a page's scripts
 * never see: it cannot be turned back into one.
 */
export function signInMark(sessionToken: string, expiresAt: Date): string {
  const tag = createHash('sha256')
    .update(`kc offline copy ${sessionToken}`, 'utf8')
    .digest('base64url')
    .slice(0, 22)
  return `${tag} ${expiresAt.getTime()}`
}
