import type { ChangeEventHandler } from 'react'

/** A labelled number input, as the dashboard's forms ask for money and quantities. */
export function NumberField({
  id,
  label,
  min,
  step,
  value,
  onChange,
}: {
  id: string
  label: string
  min: string
  step: string
  value: string
  onChange: ChangeEventHandler<HTMLInputElement>
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" min={min} step={step} value={value} onChange={onChange} />
    </>
  )
}
