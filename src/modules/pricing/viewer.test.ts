import type { Pool } from 'pg'
import { describe, expect, it } from 'vitest'

import {
  decideViewer,
  isPersonal,
  ownerMustProve,
  pricesShownTo,
  renderingFor,
  sharedPricesOf,
  sharedViewerOf,
  signInHeaderOf,
  viewerOf,
  type Viewer,
} from './viewer'

const buyer = (priceListId: number | null): Viewer => ({
  kind: 'buyer',
  priceListId,
  signInMark: 'tag 1700000000000',
})
const guest: Viewer = { kind: 'guest', endedSignIn: false }
const unpriced: Viewer = { kind: 'guest-without-prices', endedSignIn: false }
const owner: Viewer = { kind: 'owner' }

describe('decideViewer', () => {
  it('makes a good sign-in a buyer at their list, whatever guests are shown', () => {
    for (const pricesForBuyersOnly of [false, true]) {
      expect(decideViewer({ signIn: { priceListId: 7, mark: 'm' }, pricesForBuyersOnly })).toEqual({
        kind: 'buyer',
        priceListId: 7,
        signInMark: 'm',
      })
      expect(
        decideViewer({ signIn: { priceListId: null, mark: 'm' }, pricesForBuyersOnly }),
      ).toEqual({ kind: 'buyer', priceListId: null, signInMark: 'm' })
    }
  })

  it('makes no sign-in, or one that ended, a guest, without prices while they are for buyers', () => {
    expect(decideViewer({ signIn: 'none', pricesForBuyersOnly: false })).toEqual(guest)
    expect(decideViewer({ signIn: 'none', pricesForBuyersOnly: true })).toEqual(unpriced)
    expect(decideViewer({ signIn: 'ended', pricesForBuyersOnly: false })).toEqual({
      kind: 'guest',
      endedSignIn: true,
    })
    expect(decideViewer({ signIn: 'ended', pricesForBuyersOnly: true })).toEqual({
      kind: 'guest-without-prices',
      endedSignIn: true,
    })
  })
})

describe('what a viewer is shown', () => {
  it('shows a buyer their list, guests and the owner the shop’s prices, and none when unpriced', () => {
    expect(pricesShownTo(buyer(7))).toBe(7)
    expect(pricesShownTo(buyer(null))).toBeNull()
    expect(pricesShownTo(guest)).toBeNull()
    expect(pricesShownTo(owner)).toBeNull()
    expect(pricesShownTo(unpriced)).toBe('none')
  })

  it('keeps a buyer’s, the owner’s and an ended sign-in’s answers private, a guest’s not', () => {
    expect(isPersonal(buyer(7))).toBe(true)
    expect(isPersonal(buyer(null))).toBe(true)
    expect(isPersonal(owner)).toBe(true)
    expect(isPersonal({ kind: 'guest', endedSignIn: true })).toBe(true)
    expect(isPersonal({ kind: 'guest-without-prices', endedSignIn: true })).toBe(true)
    expect(isPersonal(guest)).toBe(false)
    expect(isPersonal(unpriced)).toBe(false)
  })

  it('tells the service worker whose prices: the sign-in’s mark, a guest’s, or nothing', () => {
    expect(signInHeaderOf(buyer(7))).toBe('tag 1700000000000')
    expect(signInHeaderOf(guest)).toBe('none')
    expect(signInHeaderOf(unpriced)).toBe('none')
    expect(signInHeaderOf({ kind: 'guest', endedSignIn: true })).toBe('none')
    expect(signInHeaderOf(owner)).toBeUndefined()
    expect(signInHeaderOf(sharedViewerOf(buyer(7)))).toBeUndefined()
  })
})

describe('the owner', () => {
  it('must prove it for what only the owner may ask, and where a key changes what is shown', () => {
    for (const viewer of [guest, unpriced, buyer(7), buyer(null)])
      expect(ownerMustProve(viewer, 'required')).toBe(true)
    expect(ownerMustProve(unpriced, 'claimed')).toBe(true)
    expect(ownerMustProve(guest, 'claimed')).toBe(false)
    expect(ownerMustProve(buyer(7), 'claimed')).toBe(false)
    expect(ownerMustProve(unpriced, 'none')).toBe(false)
  })
})

describe('shared answers', () => {
  it('key a copy by the prices it shows, so viewers shown other prices never share it', () => {
    const viewers = [guest, unpriced, buyer(7), buyer(8), buyer(null), sharedViewerOf(buyer(7))]
    const keyOf = (viewer: Viewer) => sharedPricesOf(viewer)!.key
    for (const a of viewers)
      for (const b of viewers) {
        const same = JSON.stringify(pricesShownTo(a)) === JSON.stringify(pricesShownTo(b))
        expect(keyOf(a) === keyOf(b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(same)
      }
    expect(sharedPricesOf(buyer(7))).toEqual({ key: 'list 7', list: true, reads: false })
    expect(sharedPricesOf(buyer(null))).toEqual({ key: 'shop', list: false, reads: false })
    expect(sharedPricesOf(guest)).toEqual({ key: 'shop', list: false, reads: true })
    expect(sharedPricesOf(unpriced)).toEqual({ key: 'none', list: false, reads: true })
    expect(sharedPricesOf(owner)).toBeUndefined()
  })

  it('renders a copy for what its key says, never for the sign-in that asked first', () => {
    const rendered = sharedViewerOf(buyer(7))
    expect(rendered).toEqual({ kind: 'buyer', priceListId: 7, signInMark: null })
    expect(sharedPricesOf(rendered)!.key).toBe(sharedPricesOf(buyer(7))!.key)
    expect(sharedViewerOf({ kind: 'guest', endedSignIn: true })).toEqual(guest)
    expect(isPersonal(sharedViewerOf({ kind: 'guest', endedSignIn: true }))).toBe(false)
  })
})

describe('viewerOf', () => {
  const pool = (queries: string[]) =>
    ({
      query: (text: string) => {
        queries.push(text)
        const settings = { prices_for_buyers_only: false, shop_name: 'Shop' }
        return Promise.resolve({ rows: /shop_settings/.test(text) ? [settings] : [] })
      },
    }) as unknown as Pool

  it('answers a shared render with the viewer the front door rendered it for, asking nothing', async () => {
    const queries: string[] = []
    const rendered = sharedViewerOf(buyer(7))
    const viewer = await renderingFor(rendered, () => viewerOf(pool(queries), { token: undefined }))
    expect(viewer).toBe(rendered)
    expect(queries).toEqual([])
  })

  it('reads a cookie’s sign-in even inside a render: a shared render never carries one', async () => {
    const queries: string[] = []
    const viewer = await renderingFor(sharedViewerOf(buyer(7)), () =>
      viewerOf(pool(queries), { token: 'not-a-sign-in' }),
    )
    expect(viewer).toEqual({ kind: 'guest', endedSignIn: true })
    expect(queries.some((q) => /buyer_sessions/.test(q))).toBe(true)
  })

  it('reads the sign-in outside one, and a sign-in it cannot find is a guest’s that ended', async () => {
    const queries: string[] = []
    const viewer = await viewerOf(pool(queries), { token: 'not-a-sign-in' })
    expect(viewer).toEqual({ kind: 'guest', endedSignIn: true })
    expect(queries.some((q) => /buyer_sessions/.test(q))).toBe(true)
  })

  it('asks the owner to prove it only where the rule says, and then is the owner', async () => {
    let proved = 0
    const prove = () => Promise.resolve(proved++)
    const required = await viewerOf(pool([]), {
      token: undefined,
      owner: { claim: 'required', prove },
    })
    expect(required).toEqual(owner)
    expect(proved).toBe(1)
    const refused = viewerOf(pool([]), {
      token: undefined,
      owner: { claim: 'required', prove: () => Promise.reject(new Error('401')) },
    })
    await expect(refused).rejects.toThrow('401')
  })

  it('asks the owner to prove it inside a shared render too: what only they may ask is never shared', async () => {
    const refused = renderingFor(sharedViewerOf(guest), () =>
      viewerOf(pool([]), {
        token: undefined,
        owner: { claim: 'required', prove: () => Promise.reject(new Error('401')) },
      }),
    )
    await expect(refused).rejects.toThrow('401')
  })
})
