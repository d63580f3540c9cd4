import { startShopServer } from '../helpers/shop-server'

/** One real shop for the whole browser run, on the port the config chose; stopped afterwards. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env.PORT = process.env.E2E_PORT
  const server = await startShopServer({ port: Number(process.env.E2E_PORT) })
  process.env.E2E_ADMIN_TOKEN = server.adminToken
  process.env.E2E_DATABASE_URL = server.databaseUrl
  return server.stop
}
