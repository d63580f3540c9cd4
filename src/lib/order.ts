import type { PaymentMethod } from './schemas/order'

/** An order as the API answers it: rands with two decimals, snapshot lines. */
export type OrderDTO = {
  orderId: string
  createdAt: string
  customer: { name: string; phone: string; address?: string }
  area: string
  areaName: string
  payment: PaymentMethod
  items: { sku: string; name: string; price: number; quantity: number }[]
  subtotal: number
  fee: number
  total: number
  source: string
}
