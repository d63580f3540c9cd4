/**
 * Money is integer cents everywhere it is added or compared; rands (with two decimals) exist only
 * on the wire and in the database's numeric columns.
 */
export type Cents = number

/**
 * True when a rand amount is a whole number of cents (149.99 yes, 149.999 and 10.005 no). Exact,
 * not a tolerance: the double nearest a two-decimal amount is the one that amount's cents divided
 * by 100 gives back, and no other double is.
 */
export function hasAtMostTwoDecimals(rands: number): boolean {
  return Number.isFinite(rands) && Math.round(rands * 100) / 100 === rands
}

/** Rands (a number from JSON or a numeric column, or its decimal text) to integer cents. */
export function toCents(rands: number | string): Cents {
  if (typeof rands === 'string') return parseRandText(rands)
  if (!Number.isFinite(rands)) throw new RangeError(`Not an amount: ${rands}`)
  return Math.round(rands * 100)
}

/** Integer cents to rands as a number for JSON (12999 -> 129.99). */
export function fromCents(cents: Cents): number {
  assertCents(cents)
  return cents / 100
}

/** Cents as exact decimal text for a numeric column (14999 -> '149.99'). */
export function toDecimalText(cents: Cents): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export function addCents(...amounts: Cents[]): Cents {
  return amounts.reduce((sum, c) => {
    assertCents(c)
    return sum + c
  }, 0)
}

export function multiplyCents(cents: Cents, quantity: number): Cents {
  assertCents(cents)
  if (!Number.isInteger(quantity)) throw new RangeError(`Quantity must be whole: ${quantity}`)
  return cents * quantity
}

/** en-ZA's group separator: a no-break space, as ICU writes it. */
const GROUP = '\u00a0'

/**
 * The spec's display form: 'R ' then the en-ZA amount, e.g. `R 1 234,50`. Built from the integer
 * cents rather than with Intl.NumberFormat, whose en-ZA constructor costs a phone about 100 ms of
 * main-thread time on the storefront's first load; the unit tests hold it to Intl's output.
 */
export function formatRand(cents: Cents): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+$)/g, GROUP)
  return `R ${cents < 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}`
}

function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`)
}

function parseRandText(text: string): Cents {
  const match = /^\s*(-)?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) throw new RangeError(`Not an amount: ${JSON.stringify(text)}`)
  const [, minus, whole = '0', fraction = ''] = match
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return minus ? -cents : cents
}
