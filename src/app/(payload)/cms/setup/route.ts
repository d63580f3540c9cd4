import { TooManyRequests, Unauthorized } from '@/shared/errors'
import { checkAdminKey } from '@/modules/auth/admin-auth'
import { readBytes } from '@/platform/http/body'
import {
  FIRST_ACCOUNT_COOKIE,
  FIRST_ACCOUNT_COOKIE_SECONDS,
  firstAccountPass,
} from '@/modules/auth/first-account'
import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { clientOf } from '@/platform/http/request-context'
import { assertNotCrossSite } from '@/platform/http/same-site'

export const dynamic = 'force-dynamic'

/**
 * The owner's way into a new shop's /cms: give the owner token here, and the browser may create
 * the first staff account on Payload's create-first-user screen for the next hour.
 */
export const GET = handle(async () => {
  if (await hasStaff()) return redirect('/cms/login')
  return page(200)
})

export const POST = handle(async (request: Request) => {
  // Its cookie lets the browser make the first account: only for the shop's own form.
  assertNotCrossSite(request, 'Give the owner token on the shop’s own /cms/setup page.')
  if (await hasStaff()) return redirect('/cms/login')
  const form = new URLSearchParams(new TextDecoder().decode(await readBytes(request, 4_000)))
  try {
    await checkAdminKey(await getShop(), clientOf(request), form.get('token'))
  } catch (error) {
    if (!(error instanceof Unauthorized || error instanceof TooManyRequests)) throw error
    return page(error.status, error.status === 429 ? error.message : 'That is not the owner token.')
  }
  const response = redirect('/cms/create-first-user')
  // Secure over https: the front door marks every cookie (platform/http/secure-cookies.ts).
  response.headers.set(
    'set-cookie',
    `${FIRST_ACCOUNT_COOKIE}=${firstAccountPass()}; Path=/cms; Max-Age=${FIRST_ACCOUNT_COOKIE_SECONDS}; HttpOnly; SameSite=Strict`,
  )
  return response
})

async function hasStaff(): Promise<boolean> {
  const payload = await getShop()
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  return totalDocs > 0
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

function page(status: number, problem?: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up /cms · KC Wholesale CMS</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}input,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0 1rem}.problem{color:#b00020}</style>
</head><body>
<h1>Create the first /cms account</h1>
<p>Only the shop owner can do this. Enter the owner token (<code>ADMIN_TOKEN</code>, or the one printed when the shop first started and kept in <code>.data/admin-token</code>), then create the account.</p>
${problem ? `<p class="problem" role="alert">${problem}</p>` : ''}
<form method="post" action="/cms/setup">
<label for="token">Owner token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button>
</form>
</body></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}
