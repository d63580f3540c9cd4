import type { Pool } from 'pg'

export const POLL_MS = 1000
const KEEP_CHANGES = '1 day'

type Watcher = {
  /** A topic whose rows moved since the last look. */
  changed: (topic: string) => void
  /** The log answers again (or for the first time): what changed meanwhile is unknown. */
  up: () => void
  /** It stopped answering. */
  down: () => void
}

/**
 * Looks at the change log (migration 20261127_090000_change_log) every second while the change
 * feed's LISTEN is deaf: a topic whose rows' count or sum of ids moved since the last look has
 * changed. Rows appear only as their transactions commit, so one committing late, with an id
 * below others already seen, still moves both. Returns a function that stops it.
 */
export function pollChanges(pool: Pool, watcher: Watcher): () => void {
  let marks: Map<string, string> | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const look = async () => {
    try {
      const { rows } = await pool.query<{ topic: string; mark: string }>(
        `SELECT topic, count(*) || ':' || sum(id) AS mark FROM kc_changes GROUP BY topic`,
      )
      if (stopped) return
      const now = new Map(rows.map((row) => [row.topic, row.mark]))
      if (!marks) watcher.up()
      else {
        for (const topic of new Set([...now.keys(), ...marks.keys()])) {
          if (now.get(topic) !== marks.get(topic)) watcher.changed(topic)
        }
      }
      marks = now
    } catch {
      if (stopped) return
      if (marks) watcher.down()
      marks = undefined
    }
    timer = setTimeout(() => void look(), POLL_MS)
    timer.unref()
  }
  void look()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/**
 * Drops rows no poller needs any more. A poller sees the topic's rows move once more, and drops
 * that topic's cache once: the price of a log that never waits on a writer.
 */
export async function pruneChanges(pool: Pool): Promise<void> {
  await pool.query(`DELETE FROM kc_changes WHERE at < now() - interval '${KEEP_CHANGES}'`)
}
