'use client'

import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export type ChartSeries = {
  label: string
  values: (number | null)[]
  color: string
  dash?: boolean
}

/**
 * A line chart through uPlot (loaded with the Reports tab only): `labels` along the x axis, one
 * line per series, as wide as its box. The canvas is hidden from screen readers: every chart
 * sits beside a table of the same figures.
 */
export function UplotChart({
  labels,
  series,
  height = 220,
  format,
}: {
  labels: string[]
  series: ChartSeries[]
  height?: number
  format: (value: number) => string
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    const x = labels.map((_, i) => i)
    const chart = new uPlot(
      {
        width: target.clientWidth || 600,
        height,
        scales: { x: { time: false } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''),
            stroke: '#374151',
            grid: { stroke: '#e5e7eb' },
          },
          {
            values: (_u, ticks) => ticks.map(format),
            size: 90,
            stroke: '#374151',
            grid: { stroke: '#e5e7eb' },
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            ...(s.dash ? { dash: [6, 4] } : {}),
            value: (_u: uPlot, v: number | null) => (v == null ? '–' : format(v)),
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      target,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: target.clientWidth, height }))
    resize.observe(target)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [labels, series, height, format])
  return <div ref={box} className="uplot-box" aria-hidden="true" />
}
