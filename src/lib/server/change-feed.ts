import pg from 'pg'

/** What a write can change: see the triggers in migration 20261123_140000_read_path. */
export type Topic = 'products' | 'areas' | 'settings'

const CHANNEL = 'kc_changes'
const RETRY_MS = 1000

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

/** Tells this process's listeners that anything may have changed, without waiting for the feed. */
export function announceHere(): void {
  announce('all')
}

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
  void connect(connectionString)
}

async function connect(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'kc-change-feed' })
  feed.client = client
  let retried = false
  const retry = () => {
    if (retried) return
    retried = true
    feed.live = false
    feed.client = undefined
    announce('all')
    void client.end().catch(() => undefined)
    setTimeout(() => void connect(connectionString), RETRY_MS).unref()
  }
  client.on('error', (error) => {
    console.error('Change feed lost its connection:', error.message)
    retry()
  })
  client.on('end', retry)
  client.on('notification', (message) => {
    if (message.channel === CHANNEL) announce((message.payload ?? 'all') as Topic)
  })
  try {
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    feed.live = true
    announce('all')
  } catch (error) {
    console.error('Change feed could not connect:', error instanceof Error ? error.message : error)
    retry()
  }
}
