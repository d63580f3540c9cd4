'use client'

import { useId, useState, type FormEvent } from 'react'

import {
  deliveryAreasQuery,
  driverLinksQuery,
  issueDriverLink,
  revokeDriverLink,
} from '@/client/admin-api'
import type { IssuedLinkDTO, LinkState } from '@/modules/driver/schemas'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

const STATE_LABELS: Record<LinkState, string> = {
  waiting: 'Not opened yet',
  'in-use': 'Opened on the phone',
  'used-up': 'Day over',
  revoked: 'Revoked',
  expired: 'Expired',
}

/** Give a run to a driver (a one-time link for their phone), and revoke one. */
export function DriverLinksPanel({ date, onChange }: { date: string; onChange?: () => void }) {
  const areas = useAdminData(deliveryAreasQuery())
  const links = useAdminData(driverLinksQuery(date))
  const act = useAdminAction(async () => {
    await links.refetch()
    onChange?.()
  })
  const [area, setArea] = useState('')
  const [driver, setDriver] = useState('')
  const [issued, setIssued] = useState<IssuedLinkDTO | null>(null)
  const id = useId()

  const issue = async (event: FormEvent) => {
    event.preventDefault()
    const slug = area || areas.data?.[0]?.slug
    if (!slug) return
    await act(() => issueDriverLink(date, slug, driver).then(setIssued), {
      done: 'Driver link made',
      failed: 'The link could not be made.',
    })
  }

  return (
    <div className="driver-links-panel">
      <h3>Driver links</h3>
      <form onSubmit={issue} className="inline-form">
        <label htmlFor={`${id}-area`}>Area</label>
        <select id={`${id}-area`} value={area} onChange={(e) => setArea(e.target.value)}>
          {(areas.data ?? []).map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-driver`}>Driver’s name</label>
        <input id={`${id}-driver`} value={driver} onChange={(e) => setDriver(e.target.value)} />
        <button type="submit" className="button primary">
          Make driver link
        </button>
      </form>
      {issued && (
        <p role="status">
          Link for {issued.driverName} (works once, until the end of the day):{' '}
          <input readOnly aria-label="Driver link" value={issued.link} />
        </p>
      )}
      <ul>
        {(links.data ?? []).map((link) => (
          <li key={link.id}>
            {link.driverName}, {link.area}: {STATE_LABELS[link.state]}{' '}
            {link.state === 'waiting' || link.state === 'in-use' ? (
              <button
                type="button"
                className="button"
                onClick={() =>
                  void act(() => revokeDriverLink(link.id), {
                    done: 'Link revoked',
                    failed: 'The link could not be revoked.',
                  })
                }
              >
                Revoke
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
