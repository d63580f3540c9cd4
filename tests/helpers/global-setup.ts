import type { TestProject } from 'vitest/node'

import { startShopServer } from './shop-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    adminToken: string
    databaseUrl: string
    launcherPid: number
    dataDir: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // One server process: several processes render the same page with their chunks' script tags
  // in a different order at times (Next), so a revalidation that reaches the other process gets a
  // 200 where web-app.test.ts expects a 304; the launcher's own tests (supervisor, crash,
  // two-processes) and the browser tests run the default of one per core.
  const server = await startShopServer({ processes: 1 })
  project.provide('baseURL', server.baseURL)
  project.provide('adminToken', server.adminToken)
  project.provide('databaseUrl', server.databaseUrl)
  project.provide('launcherPid', server.pid)
  project.provide('dataDir', server.dataDir)
  return server.stop
}
