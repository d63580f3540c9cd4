import type http from 'node:http'

/** The socket took the last block, or went away (the server cut it): send the next or stop. */
export function drainedOrClosed(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done)
      resolve()
    }
    req.on('drain', done).on('close', done)
  })
}
