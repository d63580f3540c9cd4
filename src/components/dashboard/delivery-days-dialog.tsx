import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import type { DeliveryAreaDTO } from '@/modules/areas/schemas'
import {
  deliveryScheduleSchema,
  WEEKDAYS,
  type DeliverySchedule,
  type Weekday,
} from '@/modules/delivery/schemas'

const DAY_LABELS: Record<Weekday, string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
}

/** An area's delivery days in a line: "Tue, Fri · order by 14:00 the day before · cap 40". */
export function scheduleSummary(schedule: DeliverySchedule | undefined): string {
  if (!schedule) return 'Not set'
  const days = schedule.days.map((d) => DAY_LABELS[d]).join(', ')
  const when = schedule.cutoff.day === 'before' ? 'the day before' : 'the same day'
  const cap = schedule.cap === null ? '' : ` · cap ${schedule.cap}`
  return `${days} · order by ${schedule.cutoff.time} ${when}${cap}`
}

type Props = {
  area: DeliveryAreaDTO
  onClose: () => void
  /** The schedule to save, or null to clear the area's delivery days. */
  onSave: (delivery: DeliverySchedule | null) => Promise<void>
  onInvalid: (message: string) => void
}

/**
 * The owner's form for an area's delivery days, checked with the same rule the API and /cms
 * apply (South Africa's public holidays are closed without being listed).
 */
export function DeliveryDaysDialog({ area, onClose, onSave, onInvalid }: Props) {
  const now = area.delivery
  const [days, setDays] = useState<Weekday[]>(now?.days ?? [])
  const [time, setTime] = useState(now?.cutoff.time ?? '14:00')
  const [cutoffDay, setCutoffDay] = useState(now?.cutoff.day ?? 'before')
  const [closed, setClosed] = useState((now?.closedDates ?? []).join('\n'))
  const [cap, setCap] = useState(now?.cap == null ? '' : String(now.cap))
  const toggle = (day: Weekday) =>
    setDays((d) => (d.includes(day) ? d.filter((x) => x !== day) : [...d, day]))
  const save = () => {
    const parsed = deliveryScheduleSchema.safeParse({
      days,
      cutoff: { time, day: cutoffDay },
      closedDates: closed.split(/[\s,]+/).filter(Boolean),
      cap: cap.trim() === '' ? null : Number(cap),
    })
    if (!parsed.success) return onInvalid(parsed.error.issues[0]?.message ?? 'Invalid data')
    void onSave(parsed.data)
  }
  return (
    <Dialog open onClose={onClose} title={`Delivery days: ${area.name}`}>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <fieldset className="weekdays">
          <legend>Delivery days</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="checkbox">
              <input type="checkbox" checked={days.includes(day)} onChange={() => toggle(day)} />
              {DAY_LABELS[day]}
            </label>
          ))}
        </fieldset>
        <label htmlFor="cutoff-time">Order by</label>
        <input
          id="cutoff-time"
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
        <label htmlFor="cutoff-day">Cut-off on</label>
        <select
          id="cutoff-day"
          value={cutoffDay}
          onChange={(e) => setCutoffDay(e.target.value as 'before' | 'same')}
        >
          <option value="before">The day before</option>
          <option value="same">The same day</option>
        </select>
        <label htmlFor="closed-dates">
          Closed dates (YYYY-MM-DD, one a line; public holidays are closed already)
        </label>
        <textarea id="closed-dates" value={closed} onChange={(e) => setClosed(e.target.value)} />
        <label htmlFor="daily-cap">Orders per day at most (empty: no cap)</label>
        <input
          id="daily-cap"
          type="number"
          min="1"
          step="1"
          value={cap}
          onChange={(e) => setCap(e.target.value)}
        />
        <div className="form-actions">
          {now ? (
            <button type="button" className="button danger" onClick={() => void onSave(null)}>
              No delivery days
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Save Delivery Days
          </button>
        </div>
      </form>
    </Dialog>
  )
}
