import type { z } from 'zod'

import { BadInput } from '@/shared/errors'

/** The first problem of a failed parse as a readable message and the field it concerns. */
export function firstIssue(error: z.ZodError): [string, { field: string }] {
  const issue = error.issues[0]
  if (issue?.code === 'unrecognized_keys') {
    const field = [...issue.path, issue.keys[0]].join('.')
    return [`${field} is not a field this request takes`, { field }]
  }
  const field = issue?.path.join('.') || 'body'
  const message = issue?.message ?? 'Invalid input'
  return [
    message.toLowerCase().includes(field.split('.').pop() ?? '\0')
      ? message
      : `${field}: ${message}`,
    { field },
  ]
}

/** Parses a value with a schema, or throws the 400 that names the first bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  return parsed.data
}
