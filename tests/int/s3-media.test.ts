import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ensureDatabase } from '../../scripts/lib/embedded-postgres'
import { newProduct, productForm, solidImage } from '../helpers/factories'
import { launchShop, tempDataDir, type LaunchedShop } from '../helpers/launch'
import { firstStaffLogin } from '../helpers/staff'

/**
 * Product photos in S3-compatible storage (S3_BUCKET): two app processes with their own data
 * folders and no shared disk, one database, one bucket served by s3rver, which this test runs.
 */
const BUCKET = 'kc-media'
let s3: S3rver
let s3Dir: string
let databaseUrl: string
let database: string
let a: LaunchedShop
let b: LaunchedShop

beforeAll(async () => {
  s3Dir = tempDataDir('kc-s3-')
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await s3.run()
  database = `kc_s3_${randomBytes(4).toString('hex')}`
  await ensureDatabase(inject('databaseUrl'), database)
  const url = new URL(inject('databaseUrl'))
  url.pathname = `/${database}`
  databaseUrl = url.toString()
  const env = {
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }
  const launch = () =>
    launchShop({
      dataDir: tempDataDir('kc-s3-instance-'),
      databaseUrl,
      adminToken: inject('adminToken'),
      env,
    })
  // One at a time: the first migrates and seeds (its demo photos go to the bucket too).
  a = await launch()
  b = await launch()
}, 240_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await s3?.close()
  const admin = new pg.Client({ connectionString: inject('databaseUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
  fs.rmSync(s3Dir, { recursive: true, force: true })
})

const stem = (name: string) => name.replace(/\.webp$/, '')

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await client.query<T>(text, values)
  } finally {
    await client.end()
  }
}

/** The bucket's object keys, as s3rver keeps them on its disk (`<key>._S3rver_object`). */
const objects = () =>
  fs
    .readdirSync(path.join(s3Dir, BUCKET))
    .filter((file) => file.endsWith('._S3rver_object'))
    .map((file) => file.replace(/\._S3rver_object$/, ''))
const localMedia = (shop: LaunchedShop) => {
  const dir = path.join(shop.dataDir, 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

describe('product photos in an S3 bucket', () => {
  it('are uploaded to the bucket, not the disk, and served by every process', async () => {
    const product = newProduct()
    const res = await fetch(`${a.baseURL}/api/admin/products`, {
      method: 'POST',
      headers: { 'x-admin-key': inject('adminToken'), 'x-forwarded-for': '10.98.0.1' },
      body: productForm(product, await solidImage(900, 700)),
    })
    expect(res.status).toBe(201)
    const { imageURL } = (await res.json()) as { imageURL: string }
    expect(imageURL).toMatch(/^\/cms\/api\/media\/file\/[^?]+\.webp$/)
    const name = decodeURIComponent(imageURL.split('/').pop()!)

    // The original and its four sizes are objects in the bucket; neither process wrote a file.
    const stored = objects()
    expect(stored).toContain(name)
    expect(stored.filter((object) => object.startsWith(`${stem(name)}-`))).toHaveLength(4)
    expect(localMedia(a)).toEqual([])
    expect(localMedia(b)).toEqual([])

    // The other process has no copy on its disk: it hands the request on and Payload reads the bucket.
    for (const shop of [a, b]) {
      const photo = await fetch(`${shop.baseURL}${imageURL}`)
      expect(photo.status, shop.baseURL).toBe(200)
      expect(photo.headers.get('content-type')).toBe('image/webp')
      const bytes = Buffer.from(await photo.arrayBuffer())
      expect(bytes.subarray(8, 12).toString()).toBe('WEBP')
    }
    const sized = imageURL.replace(/\.webp$/, '-400x400.webp')
    expect((await fetch(`${b.baseURL}${sized}`)).status).toBe(200)

    // A name that is in neither place is still a clean 404 from Payload.
    const missing = await fetch(`${b.baseURL}/cms/api/media/file/no-such-photo.webp`)
    expect(missing.status).toBe(404)

    // A staff user deleting the photo in /cms on the other process takes it out of the bucket.
    const [row] = (await query<{ id: number }>(`SELECT id FROM media WHERE filename = $1`, [name]))
      .rows
    const token = await firstStaffLogin(b.baseURL, inject('adminToken'))
    const deleted = await fetch(`${b.baseURL}/cms/api/media/${row!.id}`, {
      method: 'DELETE',
      headers: { authorization: `JWT ${token}` },
    })
    expect(deleted.status).toBe(200)
    expect(objects().filter((object) => object.startsWith(stem(name)))).toEqual([])
    expect((await fetch(`${a.baseURL}${imageURL}`)).status).toBe(404)
  })
})
