import type { CollectionConfig } from 'payload'

import { isAdmin } from '@/cms/access'
import { validateWith } from '@/cms/collections/shared/validate'
import { PAYMENT_TERMS, TERMS_LABELS } from '@/modules/accounts/terms'
import { phone, vatNumber } from '@/modules/orders/schemas'
import { money } from '@/shared/fields'
import { PRICE_LISTS_SLUG } from '@/cms/collections/PriceLists'
import { keyPhone } from './hooks/key-phone'
import { keepLedger } from './hooks/keep-ledger'

export const TRADE_ACCOUNTS_SLUG = 'trade-accounts'

const secret = { read: () => false, create: () => false, update: () => false }

/**
 * Regular business buyers. The owner makes them in /admin (or here); a buyer sets a password
 * from a one-time link and signs in on the storefront with their phone number. The password and
 * the link are kept only as hashes, and neither is ever shown or written through /cms.
 */
export const TradeAccounts: CollectionConfig = {
  slug: TRADE_ACCOUNTS_SLUG,
  admin: {
    useAsTitle: 'businessName',
    defaultColumns: ['businessName', 'contactName', 'phone', 'paymentTerms', 'active'],
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeValidate: [keyPhone], beforeDelete: [keepLedger] },
  fields: [
    { name: 'businessName', type: 'text', required: true, maxLength: 150 },
    { name: 'contactName', type: 'text', required: true, maxLength: 100 },
    {
      name: 'phone',
      type: 'text',
      required: true,
      validate: validateWith(phone, { required: true }),
    },
    {
      name: 'phoneKey',
      type: 'text',
      unique: true,
      index: true,
      admin: { readOnly: true, description: 'The phone number as the buyer signs in with it.' },
    },
    { name: 'deliveryAddress', type: 'textarea', maxLength: 300 },
    { name: 'vatNumber', type: 'text', validate: validateWith(vatNumber) },
    {
      name: 'priceList',
      type: 'relationship',
      relationTo: PRICE_LISTS_SLUG,
      admin: { description: 'The prices this buyer sees and pays; none means the shop’s own.' },
    },
    {
      name: 'paymentTerms',
      type: 'select',
      required: true,
      defaultValue: 'cash-on-delivery',
      options: PAYMENT_TERMS.map((value) => ({ label: TERMS_LABELS[value], value })),
      admin: { description: 'Any terms but cash on delivery let the buyer order on account.' },
    },
    {
      name: 'creditLimit',
      type: 'number',
      required: true,
      defaultValue: 0,
      validate: validateWith(money('creditLimit', { zeroAllowed: true })),
      admin: { description: 'The most the account may owe, in rand, with this order included.' },
    },
    { name: 'active', type: 'checkbox', defaultValue: true },
    { name: 'passwordHash', type: 'text', access: secret, admin: { hidden: true } },
    {
      name: 'setupTokenHash',
      type: 'text',
      unique: true,
      access: secret,
      admin: { hidden: true },
    },
    { name: 'setupTokenExpiresAt', type: 'date', access: secret, admin: { hidden: true } },
  ],
}
