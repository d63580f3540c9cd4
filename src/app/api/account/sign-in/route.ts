import { assertSameSite, signedInResponse } from '@/app/_server/buyer-cookie'
import { getShop } from '@/cms/payload'
import { signIn } from '@/modules/accounts/accounts'
import { signInSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

export const POST = handle(async (request: Request) => {
  await assertSameSite(request)
  const { phone, password } = parseWith(signInSchema, await readJson(request))
  return signedInResponse(await signIn(await getShop(), phone, password))
})
