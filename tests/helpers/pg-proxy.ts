import net from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL. It counts the statements clients send (each simple Query
 * 'Q' and each extended-protocol Execute 'E' message is one), for the bench, and it can be
 * started on a port chosen earlier, so a test can hand an app an address whose database only
 * arrives later, and it can black-hole the connections open at a moment.
 */
export async function startPgProxy(target: { host: string; port: number }, listenPort = 0) {
  const counts = { statements: 0 }
  const sockets = new Set<net.Socket>()
  const frozen = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    upstream.on('data', (chunk: Buffer) => {
      if (!frozen.has(client)) client.write(chunk)
    })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    let pending = Buffer.alloc(0)
    let started = false
    client.on('data', (chunk: Buffer) => {
      if (frozen.has(client)) return
      upstream.write(chunk)
      pending = Buffer.concat([pending, chunk])
      for (;;) {
        if (!started) {
          if (pending.length < 8) break
          const length = pending.readInt32BE(0)
          if (pending.length < length) break
          const code = pending.readInt32BE(4)
          pending = pending.subarray(length)
          // SSLRequest (80877103) and GSSENCRequest (80877104) come before the StartupMessage.
          if (code !== 80877103 && code !== 80877104) started = true
          continue
        }
        if (pending.length < 5) break
        const length = pending.readInt32BE(1)
        if (pending.length < 1 + length) break
        const type = String.fromCharCode(pending[0]!)
        if (type === 'Q' || type === 'E') counts.statements++
        pending = pending.subarray(1 + length)
      }
    })
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    counts,
    /**
     * What a NAT that forgot a connection does: the connections open now carry nothing more
     * either way, yet stay open (no FIN, no RST); new ones work.
     */
    blackHoleOpenConnections: () => {
      for (const socket of sockets) frozen.add(socket)
    },
    /** Stops listening and cuts the connections still open. */
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
