import { NotFound } from '@/shared/errors'

export type Context = { params: Promise<{ id: string }> }

/** The account's id from its address: anything but a positive whole number names no account. */
export async function accountId({ params }: Context): Promise<number> {
  const id = Number((await params).id)
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound('No such trade account')
  return id
}
