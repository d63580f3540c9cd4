import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { BadInput, NotFound, Unauthorized } from '@/shared/errors'
import { shopDay } from '@/shared/dates'
import { STATUS_LABELS, type FulfilmentStatus } from '@/modules/orders/fulfilment'
import { addOrderEvents } from '@/modules/orders/repository'
import { hashToken } from '@/modules/auth/token-hash'
import { nameActor } from '@/platform/db/actor'
import { inTransaction } from '@/platform/db/transaction'
import {
  areaOfRun,
  insertLink,
  linkOfSession,
  linksOfDay,
  revokeLink,
  startRun,
  useLink,
  type DriverLinkRow,
} from './repository'
import { linkEndsAt, linkState } from './run-rules'
import type { DriverLinkDTO, DriverLinkInput, IssuedLinkDTO } from './schemas'

const newToken = () => randomBytes(32).toString('base64url')

/** Who a driver's change is in an order's history as. */
export const driverActor = (name: string) => `Driver ${name}`

function toLinkDTO(row: DriverLinkRow, now = new Date()): DriverLinkDTO {
  return {
    id: row.id,
    date: row.run_date,
    area: row.area,
    driverName: row.driver_name,
    state: linkState(
      { usedAt: row.used_at, revokedAt: row.revoked_at, expiresAt: row.expires_at },
      now,
    ),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  }
}

/**
 * A new link for a run, to be opened once on the driver's phone before the end of its delivery
 * day; only its hash is kept, so the link is shown this once.
 */
export async function issueDriverLink(
  shop: Payload,
  input: DriverLinkInput,
  origin: string,
  now = new Date(),
): Promise<IssuedLinkDTO> {
  if (input.date < shopDay(now))
    throw new BadInput('That delivery day has passed.', { field: 'date' })
  const area = await areaOfRun(shop.db.pool, input.area)
  if (!area) throw new BadInput(`Unknown delivery area: ${input.area}`, { field: 'area' })
  const token = newToken()
  const row = await insertLink(shop.db.pool, {
    date: input.date,
    area: input.area,
    driverName: input.driverName,
    tokenHash: hashToken(token),
    expiresAt: linkEndsAt(input.date),
  })
  return { ...toLinkDTO(row, now), link: `${origin}/driver?token=${token}` }
}

export async function driverLinks(shop: Payload, date: string): Promise<DriverLinkDTO[]> {
  return (await linksOfDay(shop.db.pool, date)).map((row) => toLinkDTO(row))
}

/** Revokes a link: it can no longer be opened, and the phone that opened it is signed out. */
export async function revokeDriverLink(shop: Payload, id: number): Promise<DriverLinkDTO> {
  const row = await revokeLink(shop.db.pool, id)
  if (!row) throw new NotFound(`No driver link ${id}.`)
  return toLinkDTO(row)
}

/**
 * Exchanges a link's token for the driver's session, once, and sends the run's orders on their
 * way (Out for delivery, in each order's history under the driver's name).
 */
export async function openDriverLink(
  shop: Payload,
  token: string,
): Promise<{ sessionToken: string; expiresAt: Date }> {
  const sessionToken = newToken()
  const link = await inTransaction(shop.db.pool, async (client) => {
    const used = await useLink(client, hashToken(token), hashToken(sessionToken))
    if (!used) return undefined
    const started = await startRun(client, { date: used.run_date, areaSlug: used.area })
    for (const order of started) {
      const from = STATUS_LABELS[order.was as FulfilmentStatus]
      await addOrderEvents(client, order.id, driverActor(used.driver_name), [
        { kind: 'status', message: `Status: ${from} → Out for delivery` },
      ])
    }
    return used
  })
  if (!link) {
    throw new BadInput('This link has expired or was already used. Ask the shop for a new one.', {
      field: 'token',
    })
  }
  return { sessionToken, expiresAt: link.expires_at }
}

/** The link a driver's session cookie belongs to, or 401 (none, revoked, past its day). */
export async function driverOf(
  shop: Payload,
  sessionToken: string | undefined,
): Promise<DriverLinkRow> {
  const link = sessionToken && (await linkOfSession(shop.db.pool, hashToken(sessionToken)))
  if (!link) throw new Unauthorized()
  nameActor(`driver ${link.driver_name} (link ${link.id})`, 'driver')
  return link
}
