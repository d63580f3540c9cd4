import type { CollectionConfig } from 'payload'

import { isStaff, nobody } from '@/cms/access'
import { TRADE_ACCOUNTS_SLUG } from '@/cms/collections/TradeAccounts'
import { FULFILMENT_STATUSES, STATUS_LABELS } from '@/modules/orders/fulfilment'

export const ORDERS_SLUG = 'orders'

/**
 * Orders are written only by the order service (POST /api/orders, and the owner's status and
 * payment changes through /api/admin), each in its own transaction; staff may read them in /cms
 * but not change what a customer was charged.
 */
export const Orders: CollectionConfig = {
  slug: ORDERS_SLUG,
  admin: {
    useAsTitle: 'orderId',
    defaultColumns: ['orderId', 'invoiceNumber', 'createdAt', 'areaName', 'payment', 'total'],
  },
  access: { read: isStaff, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'orderId', type: 'text', required: true, unique: true, index: true },
    {
      name: 'customer',
      type: 'group',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'phone', type: 'text', required: true },
        { name: 'address', type: 'text' },
        { name: 'business', type: 'text' },
        { name: 'vatNumber', type: 'text' },
      ],
    },
    {
      name: 'tradeAccount',
      type: 'relationship',
      relationTo: TRADE_ACCOUNTS_SLUG,
      admin: { readOnly: true, description: 'The trade buyer who placed it, signed in.' },
    },
    { name: 'area', type: 'text', required: true },
    { name: 'areaName', type: 'text', required: true },
    {
      name: 'payment',
      type: 'select',
      required: true,
      index: true,
      options: [
        { label: 'Cash on Delivery', value: 'cash' },
        { label: 'Shop-to-Shop Transfer', value: 'shop-to-shop' },
        { label: 'On Account', value: 'account' },
        { label: 'Card or instant EFT (PayFast)', value: 'payfast' },
      ],
    },
    {
      name: 'dueDate',
      type: 'text',
      admin: { description: 'On account: the shop day (YYYY-MM-DD) the invoice falls due.' },
    },
    {
      name: 'deliveryDate',
      type: 'text',
      admin: {
        readOnly: true,
        description:
          'The shop day (YYYY-MM-DD) the order is delivered, when its area has delivery days.',
      },
    },
    {
      name: 'items',
      type: 'array',
      required: true,
      fields: [
        { name: 'sku', type: 'text', required: true },
        { name: 'name', type: 'text', required: true },
        { name: 'price', type: 'number', required: true },
        { name: 'quantity', type: 'number', required: true },
        // The product's cost when sold, written by the order's INSERT for margins.
        { name: 'costPrice', type: 'number', admin: { readOnly: true } },
      ],
    },
    { name: 'subtotal', type: 'number', required: true },
    { name: 'fee', type: 'number', required: true },
    { name: 'total', type: 'number', required: true },
    { name: 'source', type: 'text', required: true, defaultValue: 'web' },
    { name: 'invoiceNumber', type: 'number', required: true, unique: true, index: true },
    {
      name: 'vatRate',
      type: 'number',
      admin: { description: 'The VAT rate when placed; empty when the shop was not registered.' },
    },
    { name: 'vat', type: 'number' },
    { name: 'sellerVatNumber', type: 'text' },
    {
      name: 'sellerName',
      type: 'text',
      admin: { description: 'The shop’s name when placed, as its invoice says it.' },
    },
    {
      name: 'sellerAddress',
      type: 'textarea',
      admin: { description: 'The shop’s address when placed, as its invoice says it.' },
    },
    {
      name: 'creditNoteNumber',
      type: 'number',
      unique: true,
      admin: { description: 'The credit note that cancelled this order’s invoice (CN-…).' },
    },
    { name: 'creditedAt', type: 'date' },
    {
      name: 'invoicePrints',
      type: 'number',
      required: true,
      defaultValue: 0,
      admin: {
        description:
          'How often the shop printed the invoice: every print after the original says “Copy”.',
      },
    },
    { name: 'creditNotePrints', type: 'number', required: true, defaultValue: 0 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      options: FULFILMENT_STATUSES.map((value) => ({ label: STATUS_LABELS[value], value })),
    },
    { name: 'paid', type: 'checkbox', required: true, defaultValue: false },
    { name: 'paidAmount', type: 'number' },
    { name: 'paidAt', type: 'date' },
    { name: 'paymentReference', type: 'text' },
    { name: 'note', type: 'textarea' },
    {
      name: 'idempotencyKey',
      type: 'text',
      unique: true,
      access: { read: () => false },
      admin: { hidden: true },
    },
    { name: 'requestHash', type: 'text', access: { read: () => false }, admin: { hidden: true } },
  ],
}
