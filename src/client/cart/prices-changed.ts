/** Sent on the window when whose prices the shop shows changes: a buyer signed in or out. */
export const PRICES_CHANGED = 'kc:prices-changed'
