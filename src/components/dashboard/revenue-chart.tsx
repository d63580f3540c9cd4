import { formatRand, type Cents } from '@/shared/money'

/** A small bar chart of revenue per day, in plain SVG. */
export function RevenueChart({ days }: { days: { day: string; revenue: Cents }[] }) {
  if (days.length === 0) return null
  const shown = days.slice(-31)
  const max = Math.max(...shown.map((d) => d.revenue), 1)
  const width = 600
  const height = 120
  const bar = width / shown.length
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label="Revenue per day">
        {shown.map((d, i) => {
          const h = Math.max(1, (d.revenue / max) * height)
          return (
            <g key={d.day}>
              <rect
                x={i * bar + 2}
                y={height - h}
                width={Math.max(1, bar - 4)}
                height={h}
                rx="2"
                fill="#1d4ed8"
              >
                <title>{`${d.day}: ${formatRand(d.revenue)}`}</title>
              </rect>
              {shown.length <= 14 || i % Math.ceil(shown.length / 7) === 0 ? (
                <text
                  x={i * bar + bar / 2}
                  y={height + 14}
                  textAnchor="middle"
                  fontSize="10"
                  fill="#4b5563"
                >
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption>
        Revenue per day{days.length > shown.length ? ' (last 31 days shown)' : ''}
      </figcaption>
    </figure>
  )
}
