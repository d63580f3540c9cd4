import path from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable the shop reads, validated once. The launcher (`scripts/start.ts`)
 * fills DATABASE_URL, PAYLOAD_SECRET and ADMIN_TOKEN from DATA_DIR when they are unset, so inside
 * the Next server they are always present at run time; `next build` needs none of them.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  PAYLOAD_SECRET: z.string().min(16).optional(),
  ADMIN_TOKEN: z.string().min(16).optional(),
  DATA_DIR: z.string().default('.data'),
  MEDIA_DIR: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  /** Behind a load balancer: take the client address from X-Forwarded-For (else the socket). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
})

export type Env = z.infer<typeof schema> & { dataDir: string; mediaDir: string }

let cached: Env | undefined

export function env(): Env {
  if (cached) return cached
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR)
  cached = {
    ...parsed.data,
    dataDir,
    mediaDir: path.resolve(parsed.data.MEDIA_DIR ?? path.join(dataDir, 'media')),
  }
  return cached
}

export function requireEnv<K extends 'DATABASE_URL' | 'PAYLOAD_SECRET'>(key: K): string {
  const value = env()[key]
  if (!value) throw new Error(`${key} is not set: start the shop with \`npm start\` or set it.`)
  return value
}
