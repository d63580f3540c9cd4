import type { LaunchedShop } from './launch'

/**
 * How long until `pathname` on `shop` answers what satisfies `done`: a change made through another
 * instance or process, seen here. Fails past `withinMs`, naming the address.
 */
export async function seenOn<T>(
  shop: LaunchedShop,
  pathname: string,
  done: (body: T) => boolean,
  { withinMs, pollMs }: { withinMs: number; pollMs: number },
): Promise<number> {
  const start = Date.now()
  for (;;) {
    const res = await fetch(`${shop.baseURL}${pathname}`)
    if (res.ok && done((await res.json()) as T)) return Date.now() - start
    if (Date.now() - start > withinMs) {
      throw new Error(`${pathname} on the other instance did not agree within ${withinMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
