/** Migrate and seed before the first request, not during it. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { getShop } = await import('@/lib/server/payload')
  await getShop()
}
