import type { Pool } from 'pg'

/** Whether the database behind `pool` answers a trivial query now; throws what it says if not. */
export async function answers(pool: Pool): Promise<true> {
  await pool.query('SELECT 1')
  return true
}
