import type { OwnPagesRule } from '@/platform/http/same-site'

/** The rule of every /api/account write: from the shop's own pages, as JSON (same-site.ts). */
export const ACCOUNT_WRITE: OwnPagesRule = {
  ownPages: 'Sign in on the shop’s own pages.',
  sendJson: 'Send the body as JSON (Content-Type: application/json).',
}
