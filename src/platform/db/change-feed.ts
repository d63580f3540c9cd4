import pg, { type Pool } from 'pg'

import { POLL_MS, pollChanges, pruneChanges } from './change-poll'

/** What a write can change: see the triggers in migrations 20261123_140000_read_path and …_price_lists. */
export type Topic = 'products' | 'areas' | 'settings' | 'prices'

/**
 * How this process learns of writes made elsewhere: notifications on its LISTEN connection, or,
 * while that hears nothing, polling the change log; `unavailable` while neither works (nothing
 * is then served from a cache).
 */
export type FeedState = 'listening' | 'polling' | 'unavailable'

const CHANNEL = 'kc_changes'
/**
 * A LISTEN can be deaf without a word: a connection a NAT or load balancer dropped, or one on
 * a transaction pooler, whose server connection goes back to the pool and hears nothing meant
 * for it. So every 10 s the feed sends a heartbeat NOTIFY the way writes are sent, through the
 * shop's pool (DATABASE_URL), and expects it back on the LISTEN connection within 5 s. A NOTIFY
 * sent on the LISTEN connection itself is no proof: through a pooler it runs on the very server
 * connection that listens, and comes back while every other write goes unheard.
 */
const HEARTBEAT_MS = 10_000
const ECHO_MS = 5_000
/** A lost connection is tried again at once; a deaf one less often, as polling stands in. */
const RETRY_MS = 1000
const DEAF_RETRY_MS = 10_000
const PRUNE_MS = 3_600_000
const HEARTBEAT = `heartbeat:${process.pid}:${Math.random().toString(36).slice(2)}:`
/** Numbers this process's heartbeats across connections, so a late one never vouches for a later. */
let beats = 0

type Feed = {
  listeners: Set<(topic: Topic | 'all') => void>
  started: boolean
  /** The LISTEN connection has heard a heartbeat sent through the pool since it connected. */
  hearing: boolean
  /** Polling stands in for a deaf LISTEN, and the change log answered its last look. */
  polled: boolean
  stopPolling?: () => void
  /** Set by stopChangeFeed: nothing listens, polls or retries any more. */
  stopped: boolean
  /** Closes the LISTEN connection of the moment, without a word in the log. */
  closeListen?: () => void
  prune?: NodeJS.Timeout
}

const globalForFeed = globalThis as unknown as { __kcChangeFeed?: Feed }

/** One per process: route handlers and Payload hooks are bundled apart, so it lives on globalThis. */
const feed = (globalForFeed.__kcChangeFeed ??= {
  listeners: new Set(),
  started: false,
  hearing: false,
  polled: false,
  stopped: false,
})

function announce(topic: Topic | 'all'): void {
  for (const listener of feed.listeners) listener(topic)
}

/**
 * Calls `listener` with each topic a write to PostgreSQL announces, from any process, and with
 * 'all' whenever what was missed is unknown (the feed went deaf, or hears again).
 */
export function onChange(listener: (topic: Topic | 'all') => void): () => void {
  feed.listeners.add(listener)
  return () => feed.listeners.delete(listener)
}

/**
 * Tells this process's listeners that anything may have changed, without waiting for the feed,
 * and the launcher's other server processes too (node:cluster: they share the port, so the
 * owner's next read may reach any of them). The launcher passes the word on over its IPC
 * channel, which is quicker than the owner's next request.
 */
export function announceHere(): void {
  announce('all')
  if (process.send && process.connected) process.send({ type: SIBLINGS_ANNOUNCE })
}

const SIBLINGS_ANNOUNCE = 'announce-all'

/**
 * Whether writes made elsewhere reach this process now. While they do not, nothing may be
 * served from a cache: a write elsewhere would go unseen.
 */
export function feedIsLive(): boolean {
  return feed.hearing || feed.polled
}

export function feedState(): FeedState {
  return feed.hearing ? 'listening' : feed.polled ? 'polling' : 'unavailable'
}

/** For the health check: what is wrong with the feed, if anything. */
export function feedTrouble(): string | undefined {
  if (feed.hearing) return undefined
  return feed.polled
    ? `The change feed's LISTEN hears nothing (see the log): changes made elsewhere are found by polling every ${POLL_MS / 1000} s.`
    : 'The change feed can neither listen nor poll: nothing is served from a cache.'
}

/**
 * Starts listening on a connection of its own (LISTEN holds its session: DATABASE_DIRECT_URL),
 * checked by heartbeats sent through `pool` (the shop's, on DATABASE_URL), and falls back to
 * polling through `pool` whenever it cannot hear. Called once per process when the shop starts;
 * resolves once writes made elsewhere reach this process one way or the other (or the first
 * heartbeat's wait is over), so a shop reported ready is already served by one of them.
 */
export function startChangeFeed(options: { listenUrl: string; pool: Pool }): Promise<void> {
  if (feed.started) return Promise.resolve()
  feed.started = true
  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === SIBLINGS_ANNOUNCE) announce('all')
  })
  feed.prune = setInterval(
    () => void pruneChanges(options.pool).catch(() => undefined),
    PRUNE_MS,
  ).unref()
  void listen(options.listenUrl, options.pool)
  return new Promise((resolve) => {
    const deadline = setTimeout(done, ECHO_MS + 2 * POLL_MS)
    const off = onChange(() => feedIsLive() && done())
    function done() {
      clearTimeout(deadline)
      off()
      resolve()
    }
  })
}

/**
 * Stops listening and polling for good: for a process shutting down, and for a test that must
 * not leave the feed logging after its database has gone.
 */
export function stopChangeFeed(): void {
  feed.stopped = true
  clearInterval(feed.prune)
  feed.stopPolling?.()
  feed.stopPolling = undefined
  feed.closeListen?.()
  feed.closeListen = undefined
  feed.hearing = false
  feed.polled = false
}

function hears(): void {
  if (feed.hearing) return
  feed.hearing = true
  if (feed.stopPolling) {
    feed.stopPolling()
    feed.stopPolling = undefined
    feed.polled = false
    console.log('Change feed: LISTEN hears notifications again; polling stopped.')
  }
  // Writes between the last poll (or the last connection) and this LISTEN were not heard.
  announce('all')
}

function deaf(pool: Pool, reason: string): void {
  const wasHearing = feed.hearing
  feed.hearing = false
  if (wasHearing) announce('all')
  if (feed.stopPolling) return
  console.error(
    `Change feed: LISTEN ${reason}. Polling the change log every ${POLL_MS / 1000} s until it hears again.`,
  )
  feed.stopPolling = pollChanges(pool, {
    changed: (topic) => announce(topic as Topic),
    up: () => {
      feed.polled = true
      announce('all')
    },
    down: () => {
      feed.polled = false
      announce('all')
    },
  })
}

async function listen(connectionString: string, pool: Pool): Promise<void> {
  const client = new pg.Client({
    connectionString,
    application_name: 'kc-change-feed',
    keepAlive: true,
    keepAliveInitialDelayMillis: HEARTBEAT_MS,
  })
  let ended = false
  let heartbeat: NodeJS.Timeout | undefined
  let echoed = 0
  const close = () => {
    clearInterval(heartbeat)
    // end() waits for the server's goodbye, which a dead connection never sends.
    ;(
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy()
    void client.end().catch(() => undefined)
  }
  const end = (reason: string) => {
    if (ended) return
    ended = true
    if (feed.stopped) return close()
    const wasHearing = feed.hearing
    deaf(pool, reason)
    close()
    const retry = setTimeout(
      () => void listen(connectionString, pool),
      wasHearing ? RETRY_MS : DEAF_RETRY_MS,
    )
    retry.unref()
  }
  client.on('error', (error) => end(`lost its connection (${error.message})`))
  client.on('end', () => end('lost its connection'))
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL) return
    const payload = message.payload ?? 'all'
    if (payload.startsWith(HEARTBEAT)) {
      echoed = Math.max(echoed, Number(payload.slice(HEARTBEAT.length)))
      hears()
    } else if (!payload.startsWith('heartbeat:')) announce(payload as Topic)
  })
  const beat = () => {
    const n = ++beats
    pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${HEARTBEAT}${n}`]).then(
      // Timed from the commit, so a busy pool never passes for a deaf feed.
      () => {
        const deadline = setTimeout(() => {
          if (echoed < n) {
            end(
              `heard no heartbeat sent through DATABASE_URL within ${ECHO_MS / 1000} s (a connection dropped without a word, or DATABASE_DIRECT_URL pointing at a transaction pooler)`,
            )
          }
        }, ECHO_MS)
        deadline.unref()
      },
      // Not sent (the database away): nothing learnt about the LISTEN.
      () => undefined,
    )
  }
  if (feed.stopped) return
  feed.closeListen = () => {
    ended = true
    close()
  }
  try {
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    if (ended) return
    beat()
    heartbeat = setInterval(beat, HEARTBEAT_MS)
    heartbeat.unref()
  } catch (error) {
    end(`could not connect (${error instanceof Error ? error.message : String(error)})`)
  }
}
