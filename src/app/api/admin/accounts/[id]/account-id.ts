import { NotFound } from '@/shared/errors'
import { serialId } from '@/platform/db/serial-id'

export type Context = { params: Promise<{ id: string }> }

/** The account's id from its address: anything but a positive whole number names no account. */
export async function accountId({ params }: Context): Promise<number> {
  const id = serialId((await params).id)
  if (id === undefined) throw new NotFound('No such trade account')
  return id
}
