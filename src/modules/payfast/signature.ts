import { createHash } from 'node:crypto'

/**
 * PayFast's security signature (docs/payments.md, "PayFast"): the MD5, in lower-case hex, of
 * the fields as `name=value` pairs joined by `&`, each value URL-encoded the way PHP's
 * `urlencode` does it (upper-case escapes, a space as `+`), with `&passphrase=…` added last when
 * the merchant has set one.
 *
 * - The checkout form (the hand-over): only non-blank fields, values trimmed, in the order
 *   PayFast's documentation lists them (`CHECKOUT_FIELD_ORDER`); any other order fails.
 * - An ITN: every field PayFast posted, blank ones too, in the order they arrived, without
 *   `signature` itself.
 */
export type Field = readonly [name: string, value: string]

/** The checkout form's fields in PayFast's documented order (those the shop can send). */
export const CHECKOUT_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
] as const

export type CheckoutFieldName = (typeof CHECKOUT_FIELD_ORDER)[number]

/** PHP's `urlencode`: every byte but letters, digits, `-_.` escaped in upper case; space `+`. */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** `name=value&…` with each value encoded as PayFast does. */
export function paramString(fields: readonly Field[]): string {
  return fields.map(([name, value]) => `${name}=${phpUrlEncode(value)}`).join('&')
}

/** The signature of a parameter string, with the passphrase (if any) added as PayFast does. */
export function signParamString(params: string, passphrase: string | null): string {
  const phrase = passphrase?.trim()
  const signed = phrase ? `${params}&passphrase=${phpUrlEncode(phrase)}` : params
  return createHash('md5').update(signed, 'utf8').digest('hex')
}

/**
 * The checkout form's fields, trimmed, blanks dropped, in PayFast's order, with the signature
 * last: exactly what the hand-over page posts.
 */
export function signedCheckoutFields(
  values: Partial<Record<CheckoutFieldName, string>>,
  passphrase: string | null,
): Field[] {
  const fields: Field[] = []
  for (const name of CHECKOUT_FIELD_ORDER) {
    const value = values[name]?.trim()
    if (value) fields.push([name, value])
  }
  return [...fields, ['signature', signParamString(paramString(fields), passphrase)]]
}

/**
 * An ITN's own parameter string: its fields as received, `signature` left out. It is also what
 * PayFast's validation call is sent.
 */
export function itnParamString(received: readonly Field[]): string {
  return paramString(received.filter(([name]) => name !== 'signature'))
}

/** Whether an ITN carries the signature PayFast would have made for it with this passphrase. */
export function itnSignatureValid(received: readonly Field[], passphrase: string | null): boolean {
  const given = received.find(([name]) => name === 'signature')?.[1]
  if (!given || !/^[0-9a-f]{32}$/i.test(given)) return false
  return signParamString(itnParamString(received), passphrase) === given.toLowerCase()
}
