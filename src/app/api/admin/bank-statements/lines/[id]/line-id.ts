import { serialId } from '@/platform/db/serial-id'
import { NotFound } from '@/shared/errors'

export type Context = { params: Promise<{ id: string }> }

/** The line's id from the address; 404 for anything that is not one. */
export async function lineId(context: Context): Promise<number> {
  const id = serialId((await context.params).id)
  if (id === undefined) throw new NotFound('No such bank line.')
  return id
}
