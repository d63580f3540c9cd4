/** The sign-in page, coming back to `back` (a path on this shop) once signed in. */
export function signInPath(back: string): string {
  return `/account/sign-in?next=${encodeURIComponent(back)}`
}

/**
 * Where a sign-in goes once done: the `next` the sign-in page was opened with when it is a path
 * on this shop, else the storefront. Another site's address (`//evil`, `https://…`, `/\evil`,
 * which browsers read as `//evil`) would make the shop's sign-in a link that sends buyers away.
 */
export function pathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next')
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (/[\u0000-\u001f\\]/.test(next)) return '/'
  return next
}
