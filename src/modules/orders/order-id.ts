import { randomInt } from 'node:crypto'

/** No 0/O, 1/I/L: an order id is read out over the phone. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const LENGTH = 6

/** A short, readable order id such as `KC-7Q4M2X` (31^6, about 887 million). */
export function newOrderId(): string {
  let id = ''
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return `KC-${id}`
}

export const ORDER_ID_PATTERN = /^KC-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/
