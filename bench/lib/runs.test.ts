import { describe, expect, it } from 'vitest'

import { collectRuns, firstFrameWithheld, median, slowHostNote } from './runs'

const normal = { observedFirstPaint: 180, observedLoad: 320 }
const withheld = { observedFirstPaint: 1250, observedLoad: 330 }

describe('firstFrameWithheld', () => {
  it('is true only when the load event came before the first paint', () => {
    expect(firstFrameWithheld(withheld)).toBe(true)
    expect(firstFrameWithheld(normal)).toBe(false)
    expect(firstFrameWithheld({ observedFirstPaint: 300, observedLoad: 300 })).toBe(false)
  })
})

describe('median', () => {
  it('takes the middle of an odd count and the upper middle of an even one', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(3)
  })

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow()
  })
})

describe('collectRuns', () => {
  it('replaces withheld-frame runs and keeps them for the report', async () => {
    const sequence = [normal, withheld, normal, withheld, normal]
    const attempts: number[] = []
    const { kept, setAside } = await collectRuns(3, async (attempt) => {
      attempts.push(attempt)
      return { ...sequence[attempt]!, attempt }
    })
    expect(kept.map((r) => r.attempt)).toEqual([0, 2, 4])
    expect(setAside.map((r) => r.attempt)).toEqual([1, 3])
    expect(attempts).toEqual([0, 1, 2, 3, 4])
  })

  it('stops at twice the wanted count, even short of it', async () => {
    let calls = 0
    const { kept, setAside } = await collectRuns(2, async () => {
      calls++
      return withheld
    })
    expect(calls).toBe(4)
    expect(kept).toHaveLength(0)
    expect(setAside).toHaveLength(4)
  })
})

describe('slowHostNote', () => {
  it('speaks only when the host is slower than the one the 4x slowdown assumes', () => {
    expect(slowHostNote(1500)).toBeUndefined()
    expect(slowHostNote(2400)).toBeUndefined()
    expect(slowHostNote(1126)).toMatch(/CPU index here was 1126, below the 1,500-2,000/)
  })
})
