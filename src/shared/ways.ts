/**
 * The ways in a change can come by, as the audit log names them (docs/audit.md): the request's
 * scope sets one (platform/db/actor.ts), and the log's filters offer them.
 */
export const WAYS = [
  'api',
  'dashboard',
  'cms',
  'graphql',
  'csv',
  'driver',
  'checkout',
  'account',
  'system',
] as const
export type Way = (typeof WAYS)[number]
