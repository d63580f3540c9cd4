// @ts-check
/**
 * The launcher's side of scripts/prepare.ts: forks it (TypeScript through tsx, in a process of
 * its own that exits when done), runs the embedded PostgreSQL when it asks, and returns the plan
 * the servers start with.
 */
import { fork } from 'node:child_process'

/**
 * @typedef {import('../prepare').LaunchPlan} LaunchPlan
 * @typedef {import('../prepare').PrepareMessage} PrepareMessage
 * @typedef {import('./postgres-process.mjs').PostgresSpec} PostgresSpec
 */

/**
 * @param {object} options
 * @param {boolean} options.dev
 * @param {(spec: PostgresSpec) => Promise<void>} options.runPostgres resolves once it is ready
 * @returns {{ plan: Promise<LaunchPlan>, stop: () => Promise<void> }}
 */
export function prepare({ dev, runPostgres }) {
  const child = fork('scripts/prepare.ts', dev ? ['--dev'] : [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: dev ? 'development' : 'production' },
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))

  /** @type {Promise<LaunchPlan>} */
  const plan = new Promise((resolve, reject) => {
    child.on('message', (/** @type {PrepareMessage} */ message) => {
      if (message.type === 'ready') resolve(message.plan)
      if (message.type === 'postgres') {
        runPostgres(message.spec).then(
          () => child.connected && child.send({ type: 'postgres-ready' }),
          (error) => {
            child.kill('SIGKILL')
            reject(error)
          },
        )
      }
    })
    // The child said why (a bad setting, a failed build) on stderr, which is ours.
    void exited.then((code) =>
      reject(new PreparationFailed(`The shop's preparation stopped (exit code ${code}).`)),
    )
  })

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  return { plan, stop }
}

/** A failure the preparation itself has already explained. */
export class PreparationFailed extends Error {}
