/** The largest value of a PostgreSQL `serial` (int4) id. */
export const MAX_SERIAL = 2_147_483_647

/** An id as text: digits only, no sign, no leading zero, no spaces, no exponent. */
const CANONICAL = /^[1-9][0-9]{0,9}$/

/**
 * A row id from an address: a whole number from 1 to int4's largest written the one way it is
 * written, else undefined. `Number()` and `parseFloat()` read ` 2`, `2.0`, `0x2`, `2e0` and
 * `2abc` as 2, so one row had many addresses (and `1 OR 1=1` deleted row 1); an id past int4 was
 * the database's "out of range" error.
 */
export function serialId(text: string): number | undefined {
  if (!CANONICAL.test(text)) return undefined
  const id = Number(text)
  return id <= MAX_SERIAL ? id : undefined
}

/** Whether a value a query compares with an id is one: a whole number in range, or its text. */
export function isSerialId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL
  return typeof value === 'string' && serialId(value) !== undefined
}
