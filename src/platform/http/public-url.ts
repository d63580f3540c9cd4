import { headers } from 'next/headers'

import { env } from '@/env'
import { originOf } from './origin'

/** The origin this request's links are built on (see originOf). */
export async function publicOrigin(): Promise<string> {
  const request = await headers()
  return originOf(
    { host: request.get('host'), forwardedProto: request.get('x-forwarded-proto') },
    env(),
  )
}
