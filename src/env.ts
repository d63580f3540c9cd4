import path from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable the shop reads, validated once. The launcher's preparation
 * (`scripts/prepare.ts`) fills DATABASE_URL and PAYLOAD_SECRET from DATA_DIR when they are
 * unset, so inside the Next server they are always present at run time; `next build` needs none
 * of them. ADMIN_TOKEN stays unset unless given: the owner token is then the one the data keeps
 * (src/boot/owner-token.ts).
 */
export const MIN_ADMIN_TOKEN_LENGTH = 24
export const ADMIN_TOKEN_TOO_SHORT = `ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters, or a guessable key opens the shop: make one with \`openssl rand -hex 24\`.`

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A connection that keeps its session (the database itself, or a pooler in session mode), for
   * what a transaction pooler cannot carry: the change feed's LISTEN, advisory locks, migrations
   * and imports' temporary tables. Unset, DATABASE_URL is used for those too (Prisma's
   * `directUrl`).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  PAYLOAD_SECRET: z.string().min(16).optional(),
  ADMIN_TOKEN: z.string().min(MIN_ADMIN_TOKEN_LENGTH, ADMIN_TOKEN_TOO_SHORT).optional(),
  DATA_DIR: z.string().default('.data'),
  MEDIA_DIR: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Payload's Postgres adapter keeps one of the pool's connections for itself (see migrate.ts). */
  DB_POOL_MAX: z.coerce
    .number()
    .int()
    .min(2, 'DB_POOL_MAX must be at least 2: Payload keeps one connection for itself.')
    .max(200)
    .default(20),
  /**
   * Product photos in S3-compatible object storage instead of MEDIA_DIR, for more than one app
   * process: set the bucket, and the endpoint for any store that is not AWS itself.
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most non-AWS stores want. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The shop's address as the public reaches it (https://shop.example.co.za): used in share
   * links, link previews, canonical URLs and the sitemap. Unset, each request's Host is used.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * How many server processes the launcher runs on the one port (node:cluster): unset, one per
   * core (`os.availableParallelism()`). `npm run dev` always runs one.
   */
  SERVER_PROCESSES: z.coerce
    .number()
    .int()
    .min(1, 'SERVER_PROCESSES must be a whole number, at least 1.')
    .max(64, 'SERVER_PROCESSES must be at most 64.')
    .optional(),
  /** Each server process's V8 old-space limit in MB (scripts/start.mjs says why 340). */
  SERVER_HEAP_MB: z.coerce
    .number()
    .int()
    .min(128, 'SERVER_HEAP_MB must be a whole number of megabytes, at least 128.')
    .max(16384)
    .default(340),
  /** Where `npm run backup` writes its archives. */
  BACKUP_DIR: z.string().default('backups'),
  /**
   * How many proxies in front of the shop append to X-Forwarded-For (`true` = 1). The client is
   * the entry that many places from the right; 0 (the default) reads the socket's peer only.
   */
  /**
   * PayFast's address (https://www.payfast.co.za; with the owner's sandbox switch on,
   * https://sandbox.payfast.co.za). Set only to send buyers and the ITN validation call somewhere
   * else: the tests point it at a local stand-in for PayFast (docs/payments.md).
   */
  PAYFAST_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'PAYFAST_BASE_URL must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * The hosts an ITN may come from, comma-separated names or addresses, each resolved with DNS
   * when an ITN arrives; the default is PayFast's documented list (docs/payments.md).
   */
  PAYFAST_VALID_HOSTS: z
    .string()
    .default('www.payfast.co.za,sandbox.payfast.co.za,w1w.payfast.co.za,w2w.payfast.co.za')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
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

/** Where what needs a session runs: DATABASE_DIRECT_URL, else DATABASE_URL. */
export function directDatabaseUrl(): string {
  return env().DATABASE_DIRECT_URL ?? requireEnv('DATABASE_URL')
}

/**
 * Whether DATABASE_URL is taken to be a transaction pooler: a different direct URL is given.
 * Its connections then carry no startup parameters and no session state (pool-limits.ts).
 */
export function databaseIsPooled(): boolean {
  const { DATABASE_URL, DATABASE_DIRECT_URL } = env()
  return Boolean(DATABASE_DIRECT_URL && DATABASE_URL && DATABASE_DIRECT_URL !== DATABASE_URL)
}

export function requireEnv<K extends 'DATABASE_URL' | 'PAYLOAD_SECRET'>(key: K): string {
  const value = env()[key]
  if (!value) throw new Error(`${key} is not set: start the shop with \`npm start\` or set it.`)
  return value
}
