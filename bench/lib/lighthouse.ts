/**
 * Lighthouse 12 (mobile preset, simulated throttling) in Debian's Chromium: the runs behind
 * `bench:web` and `bench:scale`, with runs whose first frame the browser withheld set aside
 * (see runs.ts).
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { chromiumArgs, chromiumPath } from '../../tests/helpers/chromium'
import { collectRuns, median } from './runs'

export const RUNS = Number(process.env.BENCH_RUNS || 5)

type Run = {
  score: number
  lcp: number
  tbt: number
  cls: number
  fcp: number
  si: number
  /** Lighthouse's measure of this machine's CPU speed; simulated TBT grows as it falls. */
  benchmarkIndex: number
  /** Unthrottled, as Chromium saw it: the first frame that changed and the FCP it reported. */
  observedFirstVisualChange: number
  observedFcp: number
  observedFirstPaint: number
  observedLoad: number
}

/**
 * Loads the page and everything it references once, untimed, so that no run pays for the
 * server's first render or a cold file cache; as a shop that has been open for a while.
 */
async function warmUp(url: string): Promise<void> {
  const html = await (await fetch(url)).text()
  const assets = new Set(
    [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg|webp))"/g)].map((m) => m[1]!),
  )
  await Promise.all(
    [...assets].map(async (asset) => (await fetch(new URL(asset, url))).arrayBuffer()),
  )
  await (await fetch(url)).text()
}

/**
 * One Lighthouse run in a fresh Chromium. `withWorker`: a first, uncounted run opens the page
 * (its service worker installs and keeps it), and the counted one keeps the browser's storage:
 * a shopper's return, with the worker in control.
 */
async function lighthouseRun(url: string, withWorker = false): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  })
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
    }
    if (withWorker) await lighthouse(url, flags)
    const result = await lighthouse(url, { ...flags, disableStorageReset: withWorker })
    const lhr = result!.lhr
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })
      ?.items?.[0]
    const observed = (key: string) => metrics?.[key] ?? Number.NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcp: audit('first-contentful-paint'),
      si: audit('speed-index'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      observedFirstVisualChange: observed('observedFirstVisualChange'),
      observedFcp: observed('observedFirstContentfulPaint'),
      observedFirstPaint: observed('observedFirstPaint'),
      observedLoad: observed('observedLoad'),
    }
  } finally {
    chrome.kill()
  }
}

export async function lighthouseRuns(url: string, runs = RUNS, withWorker = false) {
  await warmUp(url)
  return collectRuns(runs, () => lighthouseRun(url, withWorker))
}

const runFigures = (r: Run) => ({
  performance: r.score,
  lcpMs: Math.round(r.lcp),
  tbtMs: Math.round(r.tbt),
  cls: Number(r.cls.toFixed(3)),
  observedFirstVisualChangeMs: Math.round(r.observedFirstVisualChange),
  observedFcpMs: Math.round(r.observedFcp),
  observedFirstPaintMs: Math.round(r.observedFirstPaint),
  observedLoadMs: Math.round(r.observedLoad),
})

export function summarise({ kept: runs, setAside }: { kept: Run[]; setAside: Run[] }) {
  if (runs.length === 0)
    throw new Error(`every run had its first frame withheld (${setAside.length})`)
  return {
    performance: median(runs.map((r) => r.score)),
    lcpMs: Math.round(median(runs.map((r) => r.lcp))),
    tbtMs: Math.round(median(runs.map((r) => r.tbt))),
    cls: Number(median(runs.map((r) => r.cls)).toFixed(3)),
    fcpMs: Math.round(median(runs.map((r) => r.fcp))),
    speedIndexMs: Math.round(median(runs.map((r) => r.si))),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    runs: runs.map(runFigures),
    /** Runs in which the browser withheld the first frame: not in the medians, shown as measured. */
    setAside: setAside.map(runFigures),
  }
}
