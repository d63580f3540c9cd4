import { createHash } from 'node:crypto'
import type http from 'node:http'
import { once } from 'node:events'
import zlib from 'node:zlib'

import { onChange } from '@/platform/db/change-feed'
import { matchesEtag } from '@/platform/http/etag'
import { DATABASE_RETRY_AFTER_SECONDS } from '@/platform/http/http'
import type { CacheRule } from './cache'
import { shopCache } from './shop-cache'

/**
 * A shared answer too large to hold as text (the unpaged product list of a large catalogue: 14 MB
 * of JSON at 100,000 products), held in the one cache as its gzip and Brotli bytes only (0.94 and
 * about 0.7 MB there). Clients that take neither are streamed the text by the caller, as before.
 *
 * - **Produced once per version**: the first request starts the production (the text read a
 *   batch at a time and compressed on libuv's threads, never on the event loop), and it and any
 *   request that comes while it runs are sent its compressed bytes as they come out. Its result
 *   is kept under the rule's tags, so a write the change feed announces (from any process) drops
 *   it; a production that a write overtook is finished for those already reading it, not kept,
 *   and stopped as soon as nobody reads it.
 * - **Versions** say what the feed does not announce (the stock every order moves): a newer
 *   version is produced in the background while the copy of the last one is still sent, and
 *   replaces it when done.
 * - **Bounded**: at most `MAX_PRODUCTIONS` run in a process at once; a request that would need
 *   another gets `undefined` and the caller streams its answer itself. A production holds its
 *   compressed bytes so far, one batch of text and the compressors' windows, whoever reads it.
 */
export type Coding = 'gzip' | 'br'

export type HeldStream = {
  headers: Record<string, string>
  gzip: Buffer
  br: Buffer
}

export type HeldStreamPlan = {
  /** What the copy is of (whose prices it shows): one copy is held per view. */
  view: string
  /** What the view shows that the feed does not announce; a new one is produced in the background. */
  version: string
  /** The feed's topics whose writes change it. */
  tags: readonly string[]
  /** Its headers (content type, cache-control); Vary and ETag are added. */
  headers: Record<string, string>
  /** The text, a piece at a time; stopped (`return()`) when a production is abandoned. */
  produce: () => AsyncIterator<string>
}

/** Two: the current one, and one a write overtook that its readers are still taking. */
export const MAX_PRODUCTIONS = 2

const BROTLI_QUALITY = 5

const producing = new Set<Production>()
/** Each view's latest copy kept: sent while a newer version is produced. */
const latest = new Map<string, string>()

/**
 * Sends the view's held copy in `coding`, or the production under way, or starts one. Resolves
 * false, having sent nothing, when it can do none of these (too many productions): the caller
 * streams the answer itself.
 */
export async function sendHeldStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  plan: HeldStreamPlan,
  coding: Coding,
): Promise<boolean> {
  const key = `held ${plan.view} ${plan.version}`
  const held = shopCache.peek<HeldStream>(key)
  if (held) return sendHeld(req, res, held, coding)
  const production = productionOf(key, plan)
  const previous = latest.get(plan.view)
  const older = previous !== undefined ? shopCache.peek<HeldStream>(previous) : undefined
  if (older) return sendHeld(req, res, older, coding)
  if (!production) return false
  await sendProducing(res, production, coding)
  return true
}

/** How many productions run in this process now (for tests of the bound). */
export function productionsRunning(): number {
  return producing.size
}

function productionOf(key: string, plan: HeldStreamPlan): Production | undefined {
  for (const production of producing)
    if (production.key === key && !production.outdated) return production
  if (producing.size >= MAX_PRODUCTIONS) return undefined
  const tags = [...plan.tags, key]
  const rule: CacheRule<HeldStream> = { tags, sizeOf: sizeOfHeld }
  const production = new Production(key, plan, tags)
  producing.add(production)
  void production.finished.finally(() => producing.delete(production)).catch(() => undefined)
  // The cache keeps the result only if no write to its tags came while it was produced.
  void shopCache
    .get(key, rule, () => production.finished)
    .then(() => {
      if (shopCache.peek<HeldStream>(key) === undefined) return
      const previous = latest.get(plan.view)
      latest.set(plan.view, key)
      // The older version's copy is not sent any more: its bytes go back to the budget.
      if (previous !== undefined && previous !== key) shopCache.invalidate(previous)
    })
    .catch(() => undefined)
  return production
}

/** Both codings and their headers, as the cache's budget counts them. */
function sizeOfHeld(held: HeldStream): number {
  let bytes = held.gzip.byteLength + held.br.byteLength
  for (const [name, value] of Object.entries(held.headers)) bytes += 48 + name.length + value.length
  return bytes
}

function sendHeld(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  held: HeldStream,
  coding: Coding,
): true {
  const { etag, vary } = held.headers
  if (matchesEtag(req.headers['if-none-match'], etag!)) {
    res.writeHead(304, { etag, vary, 'cache-control': held.headers['cache-control'] ?? 'no-cache' })
    res.end()
    return true
  }
  const body = held[coding]
  res.writeHead(200, {
    ...held.headers,
    'content-encoding': coding,
    'content-length': body.byteLength,
  })
  res.end(body)
  return true
}

/**
 * Sends a production's bytes in `coding` as they come, taking each part as the client takes the
 * last. Nothing is copied per client: every reader walks the production's own parts.
 */
async function sendProducing(
  res: http.ServerResponse,
  production: Production,
  coding: Coding,
): Promise<void> {
  production.readers++
  try {
    try {
      await production.started
    } catch {
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      })
      res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }))
      return
    }
    // No length and no tag yet: both are known only at the end.
    res.writeHead(200, { ...production.headers, 'content-encoding': coding })
    let sent = 0
    for (;;) {
      if (res.destroyed) return
      const parts = production.parts[coding]
      if (sent < parts.length) {
        if (!res.write(parts[sent++])) await drainedOrClosed(res)
        continue
      }
      if (production.done[coding]) return void res.end()
      // A failure after the first bytes cuts the body short: a truncated body cannot parse.
      if (production.failed) return void res.destroy()
      await production.changed()
    }
  } finally {
    production.readers--
    production.stopIfAbandoned()
  }
}

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** One run of a plan's text through both compressors, kept in parts as they come out. */
class Production {
  readonly parts: Record<Coding, Buffer[]> = { gzip: [], br: [] }
  readonly done: Record<Coding, boolean> = { gzip: false, br: false }
  readonly headers: Record<string, string>
  /** A write to its tags came while it ran: not joined, not kept, stopped once nobody reads it. */
  outdated = false
  failed = false
  readers = 0
  /** Resolves when the first text is read (the database answered), rejects if it was not. */
  readonly started: Promise<void>
  readonly finished: Promise<HeldStream>
  private stopped = false
  private wake: { promise: Promise<void>; resolve: () => void }
  private readonly text: AsyncIterator<string>

  constructor(
    readonly key: string,
    plan: HeldStreamPlan,
    tags: readonly string[],
  ) {
    this.headers = { ...plan.headers, vary: 'Accept-Encoding' }
    this.wake = nextWake()
    this.text = plan.produce()
    const off = onChange((topic) => {
      if (topic !== 'all' && !tags.includes(topic)) return
      this.outdated = true
      this.stopIfAbandoned()
    })
    let began!: () => void
    let failedFirst!: (error: unknown) => void
    this.started = new Promise<void>((resolve, reject) => {
      began = resolve
      failedFirst = reject
    })
    // Only readers wait on it; an unread rejection is not an unhandled one.
    this.started.catch(() => undefined)
    this.finished = this.run(began).then(
      (held) => {
        off()
        return held
      },
      (error: unknown) => {
        off()
        this.failed = true
        failedFirst(error)
        this.tell()
        throw error
      },
    )
  }

  /** Resolves at the next part, end or failure. */
  changed(): Promise<void> {
    return this.wake.promise
  }

  /** Stops a production that a write overtook once nobody reads it: its result is not kept. */
  stopIfAbandoned(): void {
    if (this.outdated && this.readers === 0 && !this.stopped) {
      this.stopped = true
      void this.text.return?.(undefined)
    }
  }

  private tell(): void {
    const { resolve } = this.wake
    this.wake = nextWake()
    resolve()
  }

  private async run(began: () => void): Promise<HeldStream> {
    const hash = createHash('sha256')
    const gzip = zlib.createGzip()
    const br = zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    })
    const ended = [collect(gzip, 'gzip', this), collect(br, 'br', this)]
    // Awaited below unless the text fails first; then the compressors' own end is of no interest.
    for (const end of ended) end.catch(() => undefined)
    try {
      let first = true
      for (;;) {
        const next = await this.text.next()
        if (first) began()
        first = false
        if (next.done) break
        if (this.stopped) throw new Error('abandoned')
        const bytes = Buffer.from(next.value)
        hash.update(bytes)
        // The text waits while the compressors are behind, so it never piles up in their queues.
        gzip.write(bytes)
        br.write(bytes)
        // Asked again after each wait: one may drain while the other is waited for.
        if (gzip.writableNeedDrain) await once(gzip, 'drain')
        if (br.writableNeedDrain) await once(br, 'drain')
      }
      if (this.stopped) throw new Error('abandoned')
      gzip.end()
      br.end()
      await Promise.all(ended)
    } catch (error) {
      gzip.destroy()
      br.destroy()
      await this.text.return?.(undefined)
      throw error
    }
    // The tag of the text, as shared-answers.ts makes it (etagOf): the same in every process.
    const etag = `"${hash.digest('base64url').slice(0, 22)}"`
    return {
      headers: { ...this.headers, etag },
      gzip: Buffer.concat(this.parts.gzip),
      br: Buffer.concat(this.parts.br),
    }
  }

  /** Called by the compressors' output. */
  add(coding: Coding, part: Buffer | undefined): void {
    if (part) this.parts[coding].push(part)
    else this.done[coding] = true
    this.tell()
  }
}

function collect(stream: zlib.Gzip | zlib.BrotliCompress, coding: Coding, into: Production) {
  return new Promise<void>((resolve, reject) => {
    stream.on('data', (part: Buffer) => into.add(coding, part))
    stream.once('end', () => {
      into.add(coding, undefined)
      resolve()
    })
    stream.once('error', reject)
    stream.once('close', () => reject(new Error('closed before its end')))
  })
}

function nextWake(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}
