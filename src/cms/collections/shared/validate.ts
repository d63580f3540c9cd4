import type { z } from 'zod'

/**
 * A Payload field `validate` from the shop's zod schema, so /cms, GraphQL and the Local API
 * refuse a value with the message /api gives for it, shown on the field in the panel.
 */
export function validateWith(schema: z.ZodType, { required = false } = {}) {
  return (value: unknown): true | string => {
    if (value === null || value === undefined || value === '') {
      return required ? 'This field is required.' : true
    }
    const result = schema.safeParse(value)
    return result.success ? true : (result.error.issues[0]?.message ?? 'Invalid value')
  }
}
