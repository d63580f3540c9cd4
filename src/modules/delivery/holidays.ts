/**
 * South Africa's public holidays (Public Holidays Act 36 of 1994): the fixed days, Good Friday and
 * Family Day from Easter, and section 2(1): a holiday on a Sunday makes the Monday after it a
 * holiday too. Pure: the delivery schedule closes these days for every area.
 */

export type Holiday = { date: string; name: string }

const FIXED: [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
]

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus), as a UTC date. */
export function easterSunday(year: number): Date {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return new Date(Date.UTC(year, month - 1, day))
}

const iso = (date: Date) => date.toISOString().slice(0, 10)
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)

/** The year's public holidays, sorted by date; a Sunday's holiday adds "(observed)" on Monday. */
export function publicHolidays(year: number): Holiday[] {
  const easter = easterSunday(year)
  const days: { date: Date; name: string }[] = [
    ...FIXED.map(([month, day, name]) => ({
      date: new Date(Date.UTC(year, month - 1, day)),
      name,
    })),
    { date: plusDays(easter, -2), name: 'Good Friday' },
    { date: plusDays(easter, 1), name: 'Family Day' },
  ]
  const taken = new Set(days.map((d) => iso(d.date)))
  const observed = days
    .filter((d) => d.date.getUTCDay() === 0)
    .map((d) => ({ date: plusDays(d.date, 1), name: `${d.name} (observed)` }))
    // When the Monday is itself a holiday (Christmas on a Sunday: the Day of Goodwill), the Act
    // makes that Monday a holiday, which it already is; no further day follows.
    .filter((d) => !taken.has(iso(d.date)))
  return [...days, ...observed]
    .map((d) => ({ date: iso(d.date), name: d.name }))
    .sort((x, y) => (x.date < y.date ? -1 : 1))
}

const byYear = new Map<number, Set<string>>()

/** True when the shop day (YYYY-MM-DD) is a South African public holiday. */
export function isPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4))
  let set = byYear.get(year)
  if (!set) {
    set = new Set(publicHolidays(year).map((h) => h.date))
    byYear.set(year, set)
  }
  return set.has(day)
}
