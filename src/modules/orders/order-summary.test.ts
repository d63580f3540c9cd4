import { describe, expect, it } from 'vitest'

import { fillDays } from './order-summary'

describe('fillDays', () => {
  it('runs from the first day to the last, oldest first, with the days between at 0', () => {
    expect(
      fillDays([
        { day: '2026-03-02', revenue: 500 },
        { day: '2026-02-27', revenue: 100 },
      ]),
    ).toEqual([
      { day: '2026-02-27', revenue: 100 },
      { day: '2026-02-28', revenue: 0 },
      { day: '2026-03-01', revenue: 0 },
      { day: '2026-03-02', revenue: 500 },
    ])
    expect(fillDays([])).toEqual([])
  })
})
