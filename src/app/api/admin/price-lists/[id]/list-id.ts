import { NotFound } from '@/shared/errors'
import { serialId } from '@/platform/db/serial-id'

export type Context = { params: Promise<{ id: string }> }

/** The list's id from its address: anything but a positive whole number names no list. */
export async function listId({ params }: Context): Promise<number> {
  const id = serialId((await params).id)
  if (id === undefined) throw new NotFound('No such price list')
  return id
}
