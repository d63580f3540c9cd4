import type { Access, FieldAccess } from 'payload'

import { getShopSettings } from '@/modules/settings/settings'

/** Any signed-in staff member (content staff and admins). */
export const isStaff: Access = ({ req }) => Boolean(req.user)

/** Staff with the admin role: users, tokens and settings. */
export const isAdmin: Access = ({ req }) => hasRole(req.user, 'admin')

/** A field only signed-in staff read (a product's cost price). */
export const staffField: FieldAccess = ({ req }) => Boolean(req.user)

export const isAdminField: FieldAccess = ({ req }) => hasRole(req.user, 'admin')

export const anyone: Access = () => true

export const nobody: Access = () => false

function hasRole(user: unknown, role: string): boolean {
  const roles = (user as { roles?: unknown } | null)?.roles
  return Array.isArray(roles) && roles.includes(role)
}

/**
 * A product's prices through Payload's public API (REST and GraphQL): staff always, anyone else
 * unless the shop shows prices to signed-in buyers only (the storefront's own reads say the same).
 */
export const pricesReadable: FieldAccess = async ({ req }) =>
  Boolean(req.user) || !(await getShopSettings(req.payload)).pricesForBuyersOnly
