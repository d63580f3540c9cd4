import type { Access, FieldAccess } from 'payload'

/** Any signed-in staff member (content staff and admins). */
export const isStaff: Access = ({ req }) => Boolean(req.user)

/** Staff with the admin role: users, tokens and settings. */
export const isAdmin: Access = ({ req }) => hasRole(req.user, 'admin')

export const isAdminField: FieldAccess = ({ req }) => hasRole(req.user, 'admin')

export const anyone: Access = () => true

export const nobody: Access = () => false

function hasRole(user: unknown, role: string): boolean {
  const roles = (user as { roles?: unknown } | null)?.roles
  return Array.isArray(roles) && roles.includes(role)
}
