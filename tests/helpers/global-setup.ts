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
  const server = await startShopServer()
  project.provide('baseURL', server.baseURL)
  project.provide('adminToken', server.adminToken)
  project.provide('databaseUrl', server.databaseUrl)
  project.provide('launcherPid', server.pid)
  project.provide('dataDir', server.dataDir)
  return server.stop
}
