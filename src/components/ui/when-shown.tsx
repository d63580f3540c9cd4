'use client'

import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A component whose code is fetched the first time it renders, for the storefront's parts that
 * only ever render in the browser, after a click or a state the server never has (the cart's
 * panel, checkout, the receipt, the toaster, the owner's quick edit). React's own lazy():
 * next/dynamic would bring Next's loading and SSR-preloading code (about 2 kB gzipped) into
 * every page's first load for parts the server never renders. Nothing shows while it loads.
 */
export function whenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }))
  function WhenShown(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  return WhenShown
}
