/** Migrate, seed and start the change feed before the first request, not during it. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { startShop } = await import('@/boot/start-up')
  await startShop()
}
