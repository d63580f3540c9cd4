import { cookies, headers } from 'next/headers'

import { SAVE_DATA_COOKIE, wantsSaveData } from '@/shared/save-data'

/**
 * Whether this page is rendered light. The front door's shared copy is rendered without cookies
 * and with `Save-Data: on` exactly when the shopper wants it (shared-answers.ts), so both ways
 * give the same answer.
 */
export async function pageSavesData(): Promise<boolean> {
  const [request, jar] = await Promise.all([headers(), cookies()])
  return wantsSaveData(request.get('save-data'), jar.get(SAVE_DATA_COOKIE)?.value)
}
