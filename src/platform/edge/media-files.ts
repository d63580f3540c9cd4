import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'

import { CACHE_FOREVER } from '@/platform/http/http'

export const MEDIA_FILE_PREFIX = '/cms/api/media/file/'

const TYPES = new Map([
  ['.webp', 'image/webp'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.avif', 'image/avif'],
])

/** Names Payload gives uploads and their sizes: no folders, no dot files. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/**
 * The file a GET for a product image asks for, or undefined when the path is not a plain media
 * file name (those go on to Payload, which answers them as it would).
 */
export function mediaFileFor(url: string, mediaDir: string): string | undefined {
  const pathname = url.split('?')[0]!
  if (!pathname.startsWith(MEDIA_FILE_PREFIX)) return undefined
  let name: string
  try {
    name = decodeURIComponent(pathname.slice(MEDIA_FILE_PREFIX.length))
  } catch {
    return undefined
  }
  if (!FILE_NAME.test(name) || !TYPES.has(path.extname(name).toLowerCase())) return undefined
  return path.join(mediaDir, name)
}

/**
 * Answers GET /cms/api/media/file/<name> from the media folder. Media is readable by anyone
 * (the collection's `read` access), so this answers what Payload would, without Payload's
 * per-request work: in a phone's first load the product photo, the page's largest paint,
 * otherwise arrived after every script. Upload names never change content (Payload renames a
 * clash), hence the year-long immutable caching. A file that is not in the folder goes to
 * `onMissing` when there is somewhere else to look (Payload, reading the S3 bucket that another
 * process uploaded to); with nowhere else it is a 404, not the 500 Payload gives a file missing
 * from its disk. Returns false when the request is not for a media file.
 */
export function serveMediaFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  mediaDir: string,
  onMissing?: () => void,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
  const file = mediaFileFor(req.url, mediaDir)
  if (!file) return false
  fs.stat(file, (error, stat) => {
    if (error || !stat.isFile()) {
      if (onMissing) return onMissing()
      const body = JSON.stringify({ error: 'Not Found' })
      res.writeHead(404, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      })
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    res.writeHead(200, {
      'content-type': TYPES.get(path.extname(file).toLowerCase())!,
      'content-length': stat.size,
      'cache-control': CACHE_FOREVER,
      'last-modified': stat.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    })
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
  })
  return true
}
