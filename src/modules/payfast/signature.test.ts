import { describe, expect, it } from 'vitest'

import {
  itnParamString,
  itnSignatureValid,
  paramString,
  phpUrlEncode,
  signedCheckoutFields,
  type Field,
} from './signature'

// PayFast's documented example form (sandbox merchant 10000100, the widget.co.za URLs); the
// expected strings and hashes were worked out apart from this code, with Python's
// urllib.parse.quote_plus and hashlib.md5, which encode these values as PHP's urlencode does.
const EXAMPLE = {
  merchant_id: '10000100',
  merchant_key: '46f0cd694581a',
  return_url: 'http://www.widget.co.za/payment_finished',
  cancel_url: 'http://www.widget.co.za/payment_cancelled',
  notify_url: 'http://www.widget.co.za/payment_notify',
  name_first: 'Bob',
  name_last: 'Smith',
  email_address: 'bob.smith@widget.co.za',
  m_payment_id: 'KC-7Q4M2X',
  amount: '1234.50',
  item_name: 'Widget order (2 items)',
}
const EXAMPLE_STRING =
  'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_finished&cancel_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_cancelled&notify_url=http%3A%2F%2Fwww.widget.co.za%2Fpayment_notify&name_first=Bob&name_last=Smith&email_address=bob.smith%40widget.co.za&m_payment_id=KC-7Q4M2X&amount=1234.50&item_name=Widget+order+%282+items%29'

describe('phpUrlEncode', () => {
  it('escapes as PHP urlencode: upper case, space as +, only -_. left alone', () => {
    expect(phpUrlEncode('a b+c/d:e')).toBe('a+b%2Bc%2Fd%3Ae')
    expect(phpUrlEncode("!'()*~")).toBe('%21%27%28%29%2A%7E')
    expect(phpUrlEncode('Ünïcode-_.')).toBe('%C3%9Cn%C3%AFcode-_.')
  })
})

describe('the checkout signature', () => {
  it('signs the documented example in PayFast order, with and without a passphrase', () => {
    // Given in another order: the signature follows PayFast's order, not the caller's.
    const shuffled = Object.fromEntries(Object.entries(EXAMPLE).reverse())
    const plain = signedCheckoutFields(shuffled, null)
    expect(paramString(plain.slice(0, -1))).toBe(EXAMPLE_STRING)
    expect(plain.at(-1)).toEqual(['signature', 'f1594f7431dd0e1777c58a797c99e2cc'])
    const withPhrase = signedCheckoutFields(EXAMPLE, 'jt7NOE43FZPn')
    expect(withPhrase.at(-1)).toEqual(['signature', 'ee56b533fab7aadde0e5a494411d3df0'])
  })

  it('drops blank fields and trims values before signing', () => {
    const padded = signedCheckoutFields(
      { ...EXAMPLE, name_first: '  Bob ', cell_number: '   ', item_description: '' },
      'jt7NOE43FZPn',
    )
    expect(padded.map(([name]) => name)).not.toContain('cell_number')
    expect(padded.at(-1)).toEqual(['signature', 'ee56b533fab7aadde0e5a494411d3df0'])
  })
})

describe('an ITN signature', () => {
  const itn: Field[] = [
    ['m_payment_id', 'KC-7Q4M2X'],
    ['pf_payment_id', '1089250'],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Widget order (2 items)'],
    ['item_description', ''],
    ['amount_gross', '1234.50'],
    ['amount_fee', '-28.39'],
    ['amount_net', '1206.11'],
    ['custom_str1', ''],
    ['name_first', 'Bob'],
    ['name_last', 'Smith'],
    ['email_address', 'bob.smith@widget.co.za'],
    ['merchant_id', '10000100'],
    ['signature', 'cd84ad787e1f6d025f7656956db076e7'],
  ]

  it('is checked over the fields as received, blanks kept, signature left out', () => {
    expect(itnParamString(itn)).toBe(
      'm_payment_id=KC-7Q4M2X&pf_payment_id=1089250&payment_status=COMPLETE&item_name=Widget+order+%282+items%29&item_description=&amount_gross=1234.50&amount_fee=-28.39&amount_net=1206.11&custom_str1=&name_first=Bob&name_last=Smith&email_address=bob.smith%40widget.co.za&merchant_id=10000100',
    )
    expect(itnSignatureValid(itn, 'jt7NOE43FZPn')).toBe(true)
  })

  it('fails with another passphrase, a changed value, another order or no signature', () => {
    expect(itnSignatureValid(itn, 'another')).toBe(false)
    expect(itnSignatureValid(itn, null)).toBe(false)
    const changed = itn.map(([n, v]): Field => [n, n === 'amount_gross' ? '1234.49' : v])
    expect(itnSignatureValid(changed, 'jt7NOE43FZPn')).toBe(false)
    const reordered: Field[] = [itn[1]!, itn[0]!, ...itn.slice(2)]
    expect(itnSignatureValid(reordered, 'jt7NOE43FZPn')).toBe(false)
    expect(itnSignatureValid(itn.slice(0, -1), 'jt7NOE43FZPn')).toBe(false)
  })
})
