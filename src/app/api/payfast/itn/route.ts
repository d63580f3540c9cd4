import { getShop } from '@/cms/payload'
import { BadInput, UnsupportedMediaType } from '@/shared/errors'
import { receiveItn } from '@/modules/payfast/itn'
import type { Field } from '@/modules/payfast/signature'
import { readBytes } from '@/platform/http/body'
import { clientOf } from '@/platform/http/request-context'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** An ITN is a few hundred bytes; nothing larger is read. */
const ITN_BODY_LIMIT = 8_000
const MAX_FIELDS = 60

/**
 * PayFast's Instant Transaction Notification (docs/payments.md, "PayFast"): a form post, read
 * to at most 8 kB, its fields kept in the order they came (the signature depends on it). 200
 * when the notice was taken (or was taken before); a notice that fails a check gets a 4xx with
 * the reason and changes nothing, and PayFast sends it again later.
 */
export const POST = handle(async (request: Request) => {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded')
    throw new UnsupportedMediaType('Send the notice as application/x-www-form-urlencoded.')
  const text = new TextDecoder('utf-8', { fatal: false }).decode(
    await readBytes(request, ITN_BODY_LIMIT),
  )
  const params = new URLSearchParams(text)
  const fields: Field[] = [...params.entries()]
  if (fields.length === 0 || fields.length > MAX_FIELDS)
    throw new BadInput(`A notice has 1 to ${MAX_FIELDS} fields.`)
  if (fields.some(([name, value]) => `${name}${value}`.includes('\0')))
    throw new BadInput('A field holds a NUL character.')
  const result = await receiveItn(await getShop(), fields, clientOf(request))
  return json(result)
})
