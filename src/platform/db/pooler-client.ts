import net from 'node:net'

import pg, { type ClientConfig } from 'pg'

/** The limits in milliseconds (pool-limits.ts says why each). */
export type StatementLimits = {
  statement_timeout: number
  lock_timeout: number
  idle_in_transaction_session_timeout: number
}

type Callback = (error: Error | null, result?: unknown) => void
type QueryText = { text: string; name?: string; values?: unknown[] }
type Send = (config: unknown, values?: unknown, callback?: Callback) => unknown

/** The protocol's CancelRequest: sent on a connection of its own, before any startup. */
const CANCEL_REQUEST_CODE = 80877102
const CANCEL_WAIT_MS = 10_000

// A BEGIN, alone or followed by what the transaction first sets (who acts, for the audit log).
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b[^;]*(;[\s\S]*)?$/i

/**
 * A pg Client for a transaction pooler (PgBouncer in transaction mode, a hosted "pooled" URL),
 * which lends each transaction any of its server connections and refuses, or silently drops,
 * startup parameters. So the shop's limits travel with the work instead of the session:
 * - each transaction sets them with SET LOCAL, in the same message as its BEGIN (no extra
 *   round trip), so they hold on whichever server runs it;
 * - a statement outside a transaction has no session to carry them: once it has run for the
 *   statement limit, the client cancels it itself (a CancelRequest, which poolers pass on), and
 *   it fails with 57014 as a statement timeout would;
 * - no named prepared statements: the next use of a name could reach a server that never saw it.
 */
export function poolerClient(limits: StatementLimits): new (config?: ClientConfig) => pg.Client {
  const setLimits = [
    `SET LOCAL statement_timeout = ${Math.trunc(limits.statement_timeout)}`,
    `SET LOCAL lock_timeout = ${Math.trunc(limits.lock_timeout)}`,
    `SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(limits.idle_in_transaction_session_timeout)}`,
  ].join('; ')

  return class PoolerClient extends pg.Client {
    /** The server's transaction status from its last ReadyForQuery: I idle, T in one, E failed. */
    private status = 'I'

    constructor(clientConfig?: ClientConfig) {
      super(clientConfig)
      // Attached before pg's own listener (connect() adds it), so a query sent as pg reads
      // ReadyForQuery already sees the status it reports.
      this.connection.on('readyForQuery', (message: { status?: string }) => {
        this.status = message.status ?? 'I'
      })
      const send = this.query.bind(this) as Send
      this.query = ((config: unknown, values?: unknown, callback?: Callback) => {
        if (!config || typeof (config as { submit?: unknown }).submit === 'function') {
          return send(config, values, callback)
        }
        if (typeof values === 'function') [values, callback] = [undefined, values as Callback]
        const query: QueryText =
          typeof config === 'string' ? { text: config } : { ...(config as QueryText) }
        delete query.name
        const params = (values ?? query.values) as unknown[] | undefined
        const opens = TRANSACTION_START.test(query.text) && !params?.length
        if (opens) query.text = `${query.text.replace(/;\s*$/, '')}; ${setLimits}`
        const timer = this.status === 'I' && !opens ? this.cancelAfter() : undefined
        // The BEGIN's own result, not the list the added statements make of it.
        const first = (result: unknown) =>
          opens && Array.isArray(result) ? (result[0] as unknown) : result
        if (callback) {
          return send(query, values, (error, result) => {
            clearTimeout(timer)
            callback(error, first(result))
          })
        }
        return (send(query, values) as Promise<unknown>).then(
          (result) => {
            clearTimeout(timer)
            return first(result)
          },
          (error: unknown) => {
            clearTimeout(timer)
            throw error
          },
        )
      }) as pg.Client['query']
    }

    /**
     * Asks the server (through the pooler, which knows which server runs it) to cancel this
     * client's statement once it has run for the statement limit, unless cleared first.
     */
    private cancelAfter(): NodeJS.Timeout {
      const timer = setTimeout(() => {
        const { processID, secretKey } = this as unknown as {
          processID?: number
          secretKey?: number
        }
        if (processID == null || secretKey == null) return
        const request = Buffer.alloc(16)
        request.writeInt32BE(16, 0)
        request.writeInt32BE(CANCEL_REQUEST_CODE, 4)
        request.writeInt32BE(processID, 8)
        request.writeInt32BE(secretKey, 12)
        const socket = this.host.startsWith('/')
          ? net.connect(`${this.host}/.s.PGSQL.${this.port}`)
          : net.connect(this.port, this.host)
        socket.on('error', () => undefined)
        // Not ended here: a pooler still passing the request on may drop it when its sender
        // hangs up. The server closes the connection once it has the request.
        socket.on('connect', () => socket.write(request))
        socket.setTimeout(CANCEL_WAIT_MS, () => socket.destroy())
      }, limits.statement_timeout)
      timer.unref()
      return timer
    }
  }
}
