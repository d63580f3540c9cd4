import { inject } from 'vitest'
import pg from 'pg'

import { largestServerRssMb } from './processes'

export const baseURL = () => inject('baseURL')
export const adminToken = () => inject('adminToken')

export async function get(pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseURL()}${pathname}`, { redirect: 'manual', ...init })
}

export async function postJson(
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseURL()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** Direct SQL on the test database, for fixtures and for checking what a request left behind. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

/**
 * The shop's resident memory per server process: the largest server's, in MB; the tests' shared
 * shop unless another launcher's pid is given.
 */
export function serverRssMb(launcherPid: number = inject('launcherPid')): number {
  return largestServerRssMb(launcherPid)
}
