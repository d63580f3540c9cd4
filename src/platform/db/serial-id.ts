/** The largest value of a PostgreSQL `serial` (int4) id. */
const MAX_SERIAL = 2_147_483_647

/**
 * A row id from an address: a whole number from 1 to int4's largest, else undefined, so that an
 * id past int4 is a 404 rather than the database's "out of range" error.
 */
export function serialId(text: string): number | undefined {
  const id = Number(text)
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_SERIAL ? id : undefined
}
