import { AsyncLocalStorage } from 'node:async_hooks'

import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { priceListOfSession } from '@/modules/accounts/repository'
import { signInMark } from '@/modules/accounts/sign-in-mark'
import { hashToken } from '@/modules/auth/token-hash'
import { getShopSettings } from '@/modules/settings/settings'
import { NO_SIGN_IN } from '@/platform/http/cookies'
import type { PricesShown } from './price-list'

/**
 * Who is looking at the shop's prices, decided once per request by `viewerOf` and nowhere else.
 * Every page, route and shared answer that shows a price takes a Viewer; what it shows follows
 * from `pricesShownTo`, and a shared answer's key from `sharedPricesOf`.
 */
export type Viewer =
  /** No sign-in, or one that ended (`endedSignIn`): the shop's own prices. */
  | { kind: 'guest'; endedSignIn: boolean }
  /** A guest while the shop shows prices to signed-in buyers only: no prices at all. */
  | { kind: 'guest-without-prices'; endedSignIn: boolean }
  /**
   * A signed-in trade buyer: their price list's prices (`priceListId`), or the shop's own (null).
   * `signInMark` names the sign-in for the service worker (sign-in-mark.ts); null in a shared
   * render, which belongs to no one sign-in.
   */
  | { kind: 'buyer'; priceListId: number | null; signInMark: string | null }
  /** The owner, by a key `requireAdmin` accepted: the shop's own prices, whatever guests see. */
  | { kind: 'owner' }

/** What `decideViewer` is told of a request. */
export type ViewerFacts = {
  /** The request's sign-in: none, one no longer good, or a good one with its list and mark. */
  signIn: 'none' | 'ended' | { priceListId: number | null; mark: string }
  pricesForBuyersOnly: boolean
}

/** The pure rule: which viewer a request's facts make. */
export function decideViewer({ signIn, pricesForBuyersOnly }: ViewerFacts): Viewer {
  if (typeof signIn === 'object')
    return { kind: 'buyer', priceListId: signIn.priceListId, signInMark: signIn.mark }
  const endedSignIn = signIn === 'ended'
  return pricesForBuyersOnly
    ? { kind: 'guest-without-prices', endedSignIn }
    : { kind: 'guest', endedSignIn }
}

/**
 * Whether a request that may be the owner's must prove it (the caller then runs `requireAdmin`):
 * always for what only the owner may ask (`required`: the stock filters); for a key sent along
 * (`claimed`) only when it changes what is shown, i.e. guests are shown no prices. A buyer's
 * own prices stay theirs, key or not.
 */
export function ownerMustProve(viewer: Viewer, owner: 'none' | 'claimed' | 'required'): boolean {
  if (owner === 'required') return true
  return owner === 'claimed' && viewer.kind === 'guest-without-prices'
}

/** Whose prices a viewer is shown: a price list's id, the shop's own (null), or none. */
export function pricesShownTo(viewer: Viewer): PricesShown {
  switch (viewer.kind) {
    case 'buyer':
      return viewer.priceListId
    case 'guest-without-prices':
      return 'none'
    case 'guest':
    case 'owner':
      return null
  }
}

/**
 * Whether the answer to this viewer is theirs alone (docs/accounts.md): a buyer's, the owner's,
 * and a guest's whose request carried a sign-in that ended, whatever it shows.
 */
export function isPersonal(viewer: Viewer): boolean {
  return viewer.kind === 'buyer' || viewer.kind === 'owner' || viewer.endedSignIn
}

/**
 * What a priced answer tells the service worker of whose prices it shows (SIGN_IN_HEADER): a
 * buyer's sign-in mark, or a guest's (NO_SIGN_IN, the worker's GUEST); undefined for the owner and a shared buyer's render,
 * whose copies the phone does not keep by this answer.
 */
export function signInHeaderOf(viewer: Viewer): string | undefined {
  if (viewer.kind === 'buyer') return viewer.signInMark ?? undefined
  return viewer.kind === 'owner' ? undefined : NO_SIGN_IN
}

/**
 * How a shared answer (platform/cache/shared-answers.ts) is kept for a viewer: its key's prefix
 * is what the viewer is shown, so everyone shown the same prices shares one copy and no one
 * shown other prices ever gets it; `list` when a price list's writes must drop it too; `reads`
 * whether product reads are shared (a buyer's are priced by Next each time: cheaper than a shared
 * miss among a list's few buyers, bench/README.md). The owner's answers are never shared.
 */
export function sharedPricesOf(
  viewer: Viewer,
): { key: string; list: boolean; reads: boolean } | undefined {
  if (viewer.kind === 'owner') return undefined
  const shown = pricesShownTo(viewer)
  const key = shown === null ? 'shop' : shown === 'none' ? 'none' : `list ${shown}`
  return { key, list: typeof shown === 'number', reads: viewer.kind !== 'buyer' }
}

/**
 * The viewer a shared answer is rendered for: only what its key says (whose prices), never the
 * sign-in of whoever asked first, so nothing of one buyer can reach the copy others are sent.
 */
export function sharedViewerOf(viewer: Viewer): Viewer {
  switch (viewer.kind) {
    case 'buyer':
      return { kind: 'buyer', priceListId: viewer.priceListId, signInMark: null }
    case 'guest':
    case 'guest-without-prices':
      return { kind: viewer.kind, endedSignIn: false }
    case 'owner':
      return viewer
  }
}

/**
 * The shared answer being rendered in this process, and the viewer it is rendered for. The front
 * door decides the viewer and renders the answer inside `renderingFor`; the page or route that
 * Next runs for it reads it back here instead of a header, which a client could send itself.
 * One instance per process on globalThis, because Next bundles the pages apart from the server.
 */
const globalForViewer = globalThis as unknown as { __kcSharedViewer?: AsyncLocalStorage<Viewer> }
const sharedRender = (globalForViewer.__kcSharedViewer ??= new AsyncLocalStorage<Viewer>())

/** Runs a shared answer's render for `viewer` (as `sharedViewerOf` made it). */
export function renderingFor<T>(viewer: Viewer, render: () => T): T {
  return sharedRender.run(viewer, render)
}

/**
 * The one function that decides a request's viewer. `token` is the sign-in cookie's value; `owner`
 * is how the request may be the owner's, with the check that proves it (requireAdmin, which
 * answers 401 or 429 itself). A shared answer's render is the viewer the front door rendered it
 * for. `from` is the shop (a page or route) or the front door's own pool.
 */
export async function viewerOf(
  from: Payload | Pool,
  request: {
    token: string | undefined
    owner?: { claim: 'claimed' | 'required'; prove: () => Promise<unknown> }
  },
): Promise<Viewer> {
  const rendering = sharedRender.getStore()
  // A shared render carries no cookie; a request that does is never one, whatever the store says.
  // What only the owner may ask is never a shared render's: it is proven here, every time.
  if (rendering && request.token === undefined && request.owner?.claim !== 'required')
    return rendering
  const db = 'db' in from ? from.db.pool : from
  const signIn = await signInFacts(db, request.token)
  // Only a guest's prices depend on the settings.
  const pricesForBuyersOnly =
    typeof signIn !== 'object' && (await getShopSettings(db)).pricesForBuyersOnly
  const viewer = decideViewer({ signIn, pricesForBuyersOnly })
  if (!request.owner || !ownerMustProve(viewer, request.owner.claim)) return viewer
  await request.owner.prove()
  return { kind: 'owner' }
}

async function signInFacts(db: Pool, token: string | undefined): Promise<ViewerFacts['signIn']> {
  if (!token) return 'none'
  const session = await priceListOfSession(db, hashToken(token))
  if (!session) return 'ended'
  return { priceListId: session.priceListId, mark: signInMark(token, session.expiresAt) }
}
