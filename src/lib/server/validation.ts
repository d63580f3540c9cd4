import type { z } from 'zod'

/** The first problem of a failed parse as a readable message and the field it concerns. */
export function firstIssue(error: z.ZodError): [string, { field: string }] {
  const issue = error.issues[0]
  const field = issue?.path.join('.') || 'body'
  const message = issue?.message ?? 'Invalid input'
  return [
    message.toLowerCase().includes(field.split('.').pop() ?? '\0')
      ? message
      : `${field}: ${message}`,
    { field },
  ]
}
