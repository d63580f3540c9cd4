'use client'

import { FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useEffect, useRef, useState } from 'react'

const asText = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2)

/**
 * A JSON field edited as plain text, in Payload's own textarea markup. Payload's JSON field edits
 * in Monaco, which it fetches from a public CDN as the field opens: a script the pages'
 * Content-Security-Policy refuses (docs/architecture.md), and nothing at all without internet.
 * Text that is not JSON is kept as text, so the field's rule refuses the save, as Payload's does.
 */
export const JsonTextField: JSONFieldClientComponent = ({ field, path: fieldPath, readOnly }) => {
  const { path, value, setValue, showError, disabled } = useField<unknown>({
    potentiallyStalePath: fieldPath,
  })
  const [text, setText] = useState(() => asText(value))
  const [notJson, setNotJson] = useState<string>()
  // The value this box last set: any other (the document loaded or reset) is shown afresh.
  const own = useRef(value)
  useEffect(() => {
    if (value === own.current) return
    own.current = value
    setText(asText(value))
    setNotJson(undefined)
  }, [value])

  const change = (next: string) => {
    setText(next)
    let parsed: unknown = null
    try {
      parsed = next.trim() === '' ? null : JSON.parse(next)
      setNotJson(undefined)
    } catch (error) {
      parsed = next
      setNotJson(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
    }
    own.current = parsed
    setValue(parsed)
  }

  const id = `field-${path.replace(/\./g, '__')}`
  return (
    <div className={['field-type', 'textarea', showError || notJson ? 'error' : ''].join(' ')}>
      <FieldLabel
        htmlFor={id}
        label={field.label}
        localized={field.localized}
        path={path}
        required={field.required}
      />
      <div className="field-type__wrap">
        <FieldError message={notJson} path={path} showError={showError || Boolean(notJson)} />
        <div className="textarea-outer">
          <textarea
            disabled={readOnly || disabled}
            id={id}
            name={path}
            onChange={(event) => change(event.target.value)}
            rows={4}
            spellCheck={false}
            value={text}
          />
        </div>
        <FieldDescription description={field.admin?.description} path={path} />
      </div>
    </div>
  )
}
