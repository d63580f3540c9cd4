import { describe, expect, it } from 'vitest'

import { shareText, whatsappShareLink } from './share'

describe('sharing a product', () => {
  const rice = { name: 'Rice 10 kg', price: 189.99 }
  it('says the name and the price charged, then the link', () => {
    expect(shareText(rice, 'https://shop.example/p/RICE')).toBe(
      'Rice 10 kg: R 189,99\nhttps://shop.example/p/RICE',
    )
    expect(shareText({ ...rice, specialPrice: 169 }, 'u')).toBe('Rice 10 kg: R 169,00\nu')
  })

  it('says no price while the shop shows prices to signed-in buyers only', () => {
    expect(shareText({ name: 'Rice 10 kg', price: null }, 'u')).toBe('Rice 10 kg\nu')
  })

  it('opens WhatsApp with that text, encoded', () => {
    const link = whatsappShareLink(rice, 'https://shop.example/p/RICE')
    expect(link.startsWith('https://wa.me/?text=')).toBe(true)
    expect(decodeURIComponent(link.slice('https://wa.me/?text='.length))).toBe(
      'Rice 10 kg: R 189,99\nhttps://shop.example/p/RICE',
    )
  })
})
