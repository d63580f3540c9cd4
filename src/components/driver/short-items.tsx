'use client'

import { useId } from 'react'

import { SHORT_REASON_LABELS, SHORT_REASONS, type StopLineDTO } from '@/modules/driver/schemas'
import { unitsLeft, type ShortEntry } from './short-entry'

type Props = { lines: StopLineDTO[]; entry: ShortEntry; onChange: (entry: ShortEntry) => void }

/** "Some items short?": each of the stop's lines with the units not handed over, and why. */
export function ShortItems({ lines, entry, onChange }: Props) {
  const id = useId()
  const open = lines.filter((l) => unitsLeft(l) > 0)
  if (!open.length) return null
  return (
    <>
      <label className="driver-check">
        <input
          type="checkbox"
          checked={entry.open}
          onChange={(e) => onChange({ ...entry, open: e.target.checked })}
        />{' '}
        Some items short?
      </label>
      {entry.open && (
        <fieldset className="driver-short">
          <legend>Units short</legend>
          {open.map((line) => (
            <div key={line.sku}>
              <label htmlFor={`${id}-${line.sku}`}>
                {line.name} (of {unitsLeft(line)})
              </label>
              <input
                id={`${id}-${line.sku}`}
                type="number"
                min={0}
                max={unitsLeft(line)}
                step={1}
                inputMode="numeric"
                value={entry.units[line.sku] ?? ''}
                placeholder="0"
                onChange={(e) =>
                  onChange({ ...entry, units: { ...entry.units, [line.sku]: e.target.value } })
                }
              />
            </div>
          ))}
          <fieldset>
            <legend>Why?</legend>
            {SHORT_REASONS.map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name={`${id}-short-reason`}
                  checked={entry.reason === r}
                  onChange={() => onChange({ ...entry, reason: r })}
                />{' '}
                {SHORT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
        </fieldset>
      )}
    </>
  )
}
