import { getShop } from '@/cms/payload'
import { requireAdmin } from '@/modules/auth/admin-auth'

/** Wraps an admin route handler: the key is checked before anything else is read. */
export function adminOnly<A extends unknown[]>(
  fn: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    await requireAdmin(await getShop(), request)
    return fn(request, ...rest)
  }
}
