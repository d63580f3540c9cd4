import { NotFound } from '@/shared/errors'

export type Context = { params: Promise<{ id: string }> }

/** The list's id from its address: anything but a positive whole number names no list. */
export async function listId({ params }: Context): Promise<number> {
  const id = Number((await params).id)
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound('No such price list')
  return id
}
