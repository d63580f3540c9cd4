/**
 * Which Lighthouse runs measure the page, and their medians. Pure, so it is unit-tested.
 *
 * Headless Chromium sometimes stops sending frames to a page that it takes for unresponsive
 * (viz's ThrottleUnresponsiveClient, GoogleChrome/lighthouse#17148): the page has been parsed,
 * laid out and fully loaded, yet nothing reaches the screen for about a second. Lantern then
 * treats every script that ran in that blank second as needed for the first paint. Such a run
 * measures the browser, not the page, and it is recognisable without looking at any score: the
 * load event fired before the first paint. Our page cannot do that on its own: its load event
 * waits for every script and eager image, while its first paint needs only the HTML and inline CSS.
 */

export type ObservedTimings = {
  observedFirstPaint: number
  observedLoad: number
}

/** The browser withheld the page's first frame: the load event fired before anything was painted. */
export function firstFrameWithheld(run: ObservedTimings): boolean {
  return run.observedLoad < run.observedFirstPaint
}

/** The middle value (the upper middle for an even count), as Lighthouse's own median-run choice. */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Runs `measure` until `wanted` runs measured the page, setting aside withheld-frame runs, but
 * never more than `wanted * 2` runs in all; returns both lists, so a report can show every run.
 */
export async function collectRuns<T extends ObservedTimings>(
  wanted: number,
  measure: (attempt: number) => Promise<T>,
): Promise<{ kept: T[]; setAside: T[] }> {
  const kept: T[] = []
  const setAside: T[] = []
  for (let attempt = 0; kept.length < wanted && attempt < wanted * 2; attempt++) {
    const run = await measure(attempt)
    if (firstFrameWithheld(run)) setAside.push(run)
    else kept.push(run)
  }
  return { kept, setAside }
}

/**
 * Lighthouse's 4x CPU slowdown turns a high-end desktop (CPU index 1,500-2,000 in its
 * docs/throttling.md) into a mid-tier phone. On a slower host every task it observed is slower
 * before the 4x, so TBT overstates the phone; the report says so rather than hide it.
 */
const CALIBRATED_CPU_INDEX = 1500

export function slowHostNote(benchmarkIndex: number): string | undefined {
  if (benchmarkIndex >= CALIBRATED_CPU_INDEX) return undefined
  return `Lighthouse's CPU index here was ${benchmarkIndex}, below the 1,500-2,000 its 4x CPU slowdown is calibrated for: TBT (and LCP's script time) overstate a mid-tier phone on this host.`
}
