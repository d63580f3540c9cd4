import pg from 'pg'

/** What a write can change: see the triggers in migrations 20261123_140000_read_path and …_price_lists. */
export type Topic = 'products' | 'areas' | 'settings' | 'prices'

const CHANNEL = 'kc_changes'
const RETRY_MS = 1000
/**
 * A connection a NAT or load balancer drops without a word looks alive for ever, and the caches
 * it guards would never be dropped again. So the feed NOTIFYs itself every 10 s; an echo not
 * back within 5 s means it is deaf: every cache is dropped and it connects anew.
 */
const HEARTBEAT_MS = 10_000
const ECHO_MS = 5_000
const HEARTBEAT = `heartbeat:${process.pid}:${Math.random().toString(36).slice(2)}`

type Feed = {
  listeners: Set<(topic: Topic | 'all') => void>
  client?: pg.Client
  live: boolean
  started: boolean
}

const globalForFeed = globalThis as unknown as { __kcChangeFeed?: Feed }

/** One per process: route handlers and Payload hooks are bundled apart, so it lives on globalThis. */
const feed = (globalForFeed.__kcChangeFeed ??= {
  listeners: new Set(),
  live: false,
  started: false,
})

function announce(topic: Topic | 'all'): void {
  for (const listener of feed.listeners) listener(topic)
}

/**
 * Calls `listener` with each topic a write to PostgreSQL announces, from any process, and with
 * 'all' whenever the feed (re)connects, since announcements made while it was away are lost.
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
 * Whether announcements are arriving now. While they are not, nothing may be served from a
 * cache: a write elsewhere would go unseen.
 */
export function feedIsLive(): boolean {
  return feed.live
}

/**
 * Starts listening on a connection of its own (LISTEN holds its session), and reconnects after
 * any failure. Called once per process when the shop starts.
 */
export function startChangeFeed(connectionString: string): void {
  if (feed.started) return
  feed.started = true
  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === SIBLINGS_ANNOUNCE) announce('all')
  })
  void connect(connectionString)
}

async function connect(connectionString: string): Promise<void> {
  const client = new pg.Client({
    connectionString,
    application_name: 'kc-change-feed',
    keepAlive: true,
    keepAliveInitialDelayMillis: HEARTBEAT_MS,
  })
  feed.client = client
  let retried = false
  let heartbeat: NodeJS.Timeout | undefined
  let deaf: NodeJS.Timeout | undefined
  const retry = () => {
    if (retried) return
    retried = true
    clearInterval(heartbeat)
    clearTimeout(deaf)
    feed.live = false
    feed.client = undefined
    announce('all')
    // end() waits for the server's goodbye, which a dead connection never sends.
    ;(
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy()
    void client.end().catch(() => undefined)
    setTimeout(() => void connect(connectionString), RETRY_MS).unref()
  }
  client.on('error', (error) => {
    console.error('Change feed lost its connection:', error.message)
    retry()
  })
  client.on('end', retry)
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL) return
    if (message.payload?.startsWith('heartbeat:')) {
      if (message.payload === HEARTBEAT) clearTimeout(deaf)
      return
    }
    announce((message.payload ?? 'all') as Topic)
  })
  try {
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    feed.live = true
    announce('all')
    heartbeat = setInterval(() => {
      clearTimeout(deaf)
      deaf = setTimeout(() => {
        console.error(`Change feed heard no echo within ${ECHO_MS / 1000} s: reconnecting.`)
        retry()
      }, ECHO_MS)
      deaf.unref()
      client.query(`NOTIFY ${CHANNEL}, '${HEARTBEAT}'`).catch(() => undefined)
    }, HEARTBEAT_MS)
    heartbeat.unref()
  } catch (error) {
    console.error('Change feed could not connect:', error instanceof Error ? error.message : error)
    retry()
  }
}
