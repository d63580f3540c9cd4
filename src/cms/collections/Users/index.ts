import type { CollectionConfig } from 'payload'

import { isAdmin, isAdminField, isStaff } from '@/cms/access'
import { firstUserIsAdmin } from './hooks/first-user-is-admin'

export const USERS_SLUG = 'users'

export const Users: CollectionConfig = {
  slug: USERS_SLUG,
  auth: { maxLoginAttempts: 10, lockTime: 15 * 60 * 1000 },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'roles'] },
  hooks: { beforeChange: [firstUserIsAdmin] },
  access: {
    read: isStaff,
    create: isAdmin,
    update: ({ req, id }) => isAdmin({ req }) || (req.user ? req.user.id === id : false),
    delete: isAdmin,
    admin: ({ req }) => Boolean(req.user),
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['editor'],
      saveToJWT: true,
      access: { create: isAdminField, update: isAdminField },
      options: [
        { label: 'Admin', value: 'admin' },
        { label: 'Editor', value: 'editor' },
      ],
    },
  ],
}
