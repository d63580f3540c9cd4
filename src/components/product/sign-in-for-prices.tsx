import { signInPath } from '@/modules/accounts/sign-in-path'

/**
 * Where a price would be while the shop shows prices to signed-in buyers only: the way to sign
 * in, coming back to `back` (the product's page) once signed in.
 */
export function SignInForPrices({ back, name }: { back: string; name: string }) {
  return (
    <a
      className="button primary sign-in-for-prices"
      href={signInPath(back)}
      aria-label={`Sign in for prices: ${name}`}
    >
      Sign in for prices
    </a>
  )
}
