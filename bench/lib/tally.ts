/** One request's answer as the client saw it: status 0 when there was none (socket error, timeout). */
export type Answer = {
  status: number
  ms: number
  bytes: number
  error?: string
  retryAfter?: string
}

/**
 * What an answer counts as. `failed`: no answer, a timeout or a 5xx other than 503; `shed`: a
 * 503 (the server turning work away with Retry-After); `stock`: an order's 409 (not enough
 * stock); `unexpected`: any other status that is not a 2xx, which points at the benchmark itself.
 */
export type Outcome = 'ok' | 'failed' | 'shed' | 'stock' | 'unexpected'

export function outcomeOf(answer: Answer, stockConflict = false): Outcome {
  const { status } = answer
  if (status >= 200 && status < 300) return 'ok'
  if (status === 503) return 'shed'
  if (status === 0 || status >= 500) return 'failed'
  if (stockConflict && status === 409) return 'stock'
  return 'unexpected'
}

/** The value at quantile `q` (0-1) of `values`, nearest rank; NaN for none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!
}

/** Every answer of one kind of request: the latency of each, whatever its outcome, and outcomes. */
export class Tally {
  readonly ms: number[] = []
  readonly outcomes: Record<Outcome, number> = {
    ok: 0,
    failed: 0,
    shed: 0,
    stock: 0,
    unexpected: 0,
  }
  bytes = 0
  readonly firstProblems: string[] = []

  constructor(private readonly stockConflict = false) {}

  record(answer: Answer, what: string): Outcome {
    const outcome = outcomeOf(answer, this.stockConflict)
    this.ms.push(answer.ms)
    this.outcomes[outcome] += 1
    this.bytes += answer.bytes
    if (outcome !== 'ok' && outcome !== 'stock' && this.firstProblems.length < 5)
      this.firstProblems.push(`${answer.status || answer.error} ${what}`)
    return outcome
  }

  summary() {
    const round = (ms: number) => (Number.isNaN(ms) ? null : Math.round(ms))
    return {
      count: this.ms.length,
      ...this.outcomes,
      p50: round(quantile(this.ms, 0.5)),
      p99: round(quantile(this.ms, 0.99)),
      max: round(this.ms.length ? this.ms.reduce((a, b) => Math.max(a, b)) : Number.NaN),
      mb: Math.round(this.bytes / 1e6),
      firstProblems: this.firstProblems,
    }
  }
}

export type TallySummary = ReturnType<Tally['summary']>
