/**
 * Free delivery from R 500 when the shop has not set its own threshold: the spec's rule, the
 * settings' default and the seed's value.
 */
export const DEFAULT_FREE_DELIVERY_FROM_RANDS = 500
