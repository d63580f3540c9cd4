import { viewHref, type CatalogueView } from '@/modules/catalogue/catalogue-filter'

/** History entries this page pushed for a search, so that typing replaces rather than piles up. */
const SEARCH_ENTRY = 'kc-search'

/**
 * Puts the view in the address bar: a category is a new history entry (Back returns to the view
 * before it), a search replaces the entry its own typing made.
 */
export function putViewInAddress(view: CatalogueView, entry: 'category' | 'search'): void {
  const href = viewHref(view, new URLSearchParams(window.location.search))
  const replace = entry === 'search' && window.history.state?.[SEARCH_ENTRY] === true
  const state = { ...window.history.state, [SEARCH_ENTRY]: entry === 'search' }
  if (href === `${window.location.pathname}${window.location.search}`) return
  if (replace) window.history.replaceState(state, '', href)
  else window.history.pushState(state, '', href)
}
