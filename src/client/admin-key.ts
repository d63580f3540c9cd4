/**
 * Where the owner's key is kept in the browser. Apart from the admin API client so that the
 * storefront, which only asks whether the owner is signed in, does not load the client with it.
 */
export const ADMIN_KEY_STORAGE = 'ADMIN_KEY'

export function storedAdminKey(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_KEY_STORAGE)
  } catch {
    return null
  }
}
